package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/hosts"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/report"
	"github.com/redis-lua-lint/redis-lua-lint/sarif"
)

var (
	formatChoices = []string{"text", "json", "sarif", "github", "gitlab"}
	failOnChoices = []string{"error", "warning", "info"}
	colorChoices  = []string{"auto", "always", "never"}
)

// checkFlags are the flags of check.
type checkFlags struct {
	format        string
	output        string
	failOn        string
	redisVersion  string
	enable        []string
	disable       []string
	color         string
	quiet         bool
	jobs          int
	config        string
	stdinFilename string
	stats         bool
	forceExclude  bool
	goTypes       bool
	goOffline     bool
	// languages is --languages (nil: the configuration's).
	languages []string
	// maxFileSize is --max-file-size ("": the configuration's).
	maxFileSize string
	// jobsSet is set when -j was given (0 is then out of range).
	jobsSet bool
	baselineFlags
	// fix applies the safe fixes; diff prints them as a diff instead.
	fix, diff bool
}

func (c *Command) newCheck() *cobra.Command {
	f := &checkFlags{}
	cmd := &cobra.Command{
		Use:   "check [flags] [paths or Go packages...]",
		Short: "Lint Lua files and directories (the default command)",
		Long: "Lint the given files and directories (default: the current directory).\n\n" +
			"Directories are searched recursively for *.lua files, honouring .gitignore files and the\n" +
			"exclude globs of the configuration; files named explicitly are always linted. Use - to read\n" +
			"a script from stdin (name it with --stdin-filename).\n\n" +
			"Go package patterns (./..., ./cmd/...) and .go files are checked for Lua scripts embedded in\n" +
			"Go (go-redis, redigo, rueidis), reported at their position in the Go file; DIR/... also lints\n" +
			"the *.lua files under DIR, so `check ./...` covers both in one report. Package patterns run the\n" +
			"go command (go list) in your environment: it may download modules and the toolchain go.mod asks\n" +
			"for, and compile cgo; --go-offline forbids downloads and toolchain switches. A .go file named\n" +
			"alone is read from its syntax (the call-site checks need --go-types).\n\n" +
			"Configuration is read from .redis-lua-lint.yaml in the current directory or its nearest\n" +
			"parent, or from --config.\n\n" +
			"Files larger than --max-file-size (default: the configuration's max-file-size, else 4 MB) are\n" +
			"reported as not checked; named pipes, devices and sockets met in a walk are skipped.\n\n" +
			"Exit status: 0 no finding at or above --fail-on, 1 findings, 2 usage, configuration, I/O or\n" +
			"internal error, a file that could not be checked, or no file checked at all (host files read that hold\n" +
			"no script are not a failure: a pre-commit run on staged application files passes).",
		Example: "  " + Name + " check scripts/ lib/cache.lua\n" +
			"  " + Name + " check --redis-version valkey-8.0 --disable hardcoded-key .\n" +
			"  " + Name + " check --fail-on error --format sarif -o redis-lua-lint.sarif .\n" +
			"  " + Name + " check --format github .        # annotations in a GitHub Actions log\n" +
			"  " + Name + " check --write-baseline baseline.json .  # record the findings, then\n" +
			"  " + Name + " check --baseline baseline.json .        # report only the new ones\n" +
			"  " + Name + " check --new-from-rev origin/main .      # only findings on lines changed since origin/main\n" +
			"  " + Name + " check --fix --diff scripts/    # what the safe fixes would change; --fix alone applies them\n" +
			"  git show :s.lua | " + Name + " check --stdin-filename s.lua -",
		RunE: func(cmd *cobra.Command, args []string) error {
			f.jobsSet = cmd.Flags().Changed("jobs")
			return c.check(cmd.Context(), f, args)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output `FORMAT`: text, json, sarif, github or gitlab (Code Quality)")
	fl.StringVarP(&f.output, "output", "o", "", "write the report to `FILE` instead of stdout")
	fl.StringVar(&f.failOn, "fail-on", "warning", "exit 1 when a finding has this `SEVERITY` or higher: error, warning or info")
	fl.StringVar(&f.redisVersion, "redis-version", "", "target server `VERSION` ("+strings.Join(redisfacts.KnownVersions, ", ")+"; default: the configuration's, else "+redisfacts.DefaultVersion.String()+")")
	fl.StringSliceVar(&f.enable, "enable", nil, "enable `RULE` even where the configuration turns it off (repeatable, comma-separated)")
	fl.StringSliceVar(&f.disable, "disable", nil, "disable `RULE` (repeatable, comma-separated)")
	fl.StringVar(&f.color, "color", "auto", "`WHEN` to colour the text output: auto (stdout is a terminal, NO_COLOR unset), always or never")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only findings, without the summary line")
	fl.IntVarP(&f.jobs, "jobs", "j", 0, "lint `N` files in parallel (default: the number of CPUs)")
	fl.StringVarP(&f.config, "config", "c", "", "read the configuration from `FILE` instead of searching for .redis-lua-lint.yaml")
	fl.StringVar(&f.stdinFilename, "stdin-filename", "", "the `PATH` to report for the script read from - (stdin); also used to match configuration globs")
	fl.BoolVar(&f.forceExclude, "force-exclude", false, "apply the configuration's exclude globs to files named on the command line too (for pre-commit and editors)")
	fl.StringVar(&f.maxFileSize, "max-file-size", "", "report files larger than `SIZE` (bytes, or with KB, MB, GB) as not checked instead of reading them (default: the configuration's max-file-size, else "+lint.FormatSize(lint.DefaultMaxFileSize)+")")
	fl.BoolVar(&f.stats, "stats", false, "print the time spent per phase and the slowest files on stderr")
	fl.StringSliceVar(&f.languages, "languages", nil, "`LANGS` a directory walk reads, comma-separated: "+strings.Join(hosts.Languages(), ", ")+" (default: the configuration's languages, else all)")
	fl.BoolVar(&f.goTypes, "go-types", false, "load .go files named on the command line with the go command and their packages' types, as ./... is, to run the call-site checks on them (default: read them from their syntax, quick)")
	fl.StringVar(&f.baseline, "baseline", "", "report only the findings not recorded in the baseline `FILE` (see --write-baseline)")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "record the findings in the baseline `FILE` (replacing it: entries that no longer match are pruned) and report none of them")
	fl.StringVar(&f.newFromRev, "new-from-rev", "", "report only the findings on lines changed since the git revision `REV` (and in files git does not track)")
	fl.BoolVar(&f.fix, "fix", false, "apply the safe fixes (see `explain RULE`) to the files, then report the findings left; for - (stdin) print the fixed script to stdout and the report to stderr")
	fl.BoolVar(&f.diff, "diff", false, "with --fix: print the fixes as a unified diff on stdout instead of writing the files (the report goes only to --output)")
	fl.BoolVar(&f.goOffline, "go-offline", false, "run the go command so that it downloads no module and switches to no other toolchain (GOPROXY=off, GOTOOLCHAIN=local, CGO_ENABLED=0, no -mod in GOFLAGS): for repositories you do not trust")

	complete := func(list []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return list, cobra.ShellCompDirectiveNoFileComp
		}
	}
	_ = cmd.RegisterFlagCompletionFunc("format", complete(formatChoices))
	_ = cmd.RegisterFlagCompletionFunc("fail-on", complete(failOnChoices))
	_ = cmd.RegisterFlagCompletionFunc("color", complete(colorChoices))
	_ = cmd.RegisterFlagCompletionFunc("redis-version", complete(redisfacts.KnownVersions))
	_ = cmd.RegisterFlagCompletionFunc("enable", complete(c.ruleIDs()))
	_ = cmd.RegisterFlagCompletionFunc("disable", complete(c.ruleIDs()))
	return cmd
}

// phaseTimes are the --stats measurements.
type phaseTimes struct {
	// discovery overlaps lint, which runs from the start to the last
	// file; output is the rest of the report, after the last file.
	discovery, lint, output, total time.Duration
	// luaFiles are the Lua sources linted; goStats measure Go mode (nil
	// without Go patterns).
	luaFiles int
	goStats  *goembed.LoadStats
	// streamed is set when the report was written during lint.
	streamed bool
	mu       sync.Mutex
	files    []lint.FileStats
}

func (c *Command) check(ctx context.Context, f *checkFlags, args []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	for _, v := range []struct {
		flag, value string
		valid       []string
	}{{"format", f.format, formatChoices}, {"fail-on", f.failOn, failOnChoices}, {"color", f.color, colorChoices}} {
		if err := choice(v.flag, v.value, v.valid); err != nil {
			return err
		}
	}
	if f.jobs < 0 || (f.jobsSet && f.jobs == 0) {
		return usageErrorf("invalid -j %d: use a positive number of parallel jobs (without -j: one per CPU)", f.jobs)
	}
	var maxFileSize int64
	if f.maxFileSize != "" {
		n, err := lint.ParseSize(f.maxFileSize)
		if err != nil {
			return usageErrorf("invalid --max-file-size: %v", err)
		}
		maxFileSize = n
	}
	failOn, _ := analyzer.ParseSeverity(f.failOn)
	hasStdin := false
	for _, a := range args {
		if a == "-" {
			hasStdin = true
		}
	}
	if f.stdinFilename != "" && !hasStdin {
		return usageErrorf("--stdin-filename names the script read from stdin: add - to the paths")
	}
	if f.diff && !f.fix {
		return usageErrorf("--diff shows what --fix would change: add --fix")
	}
	if f.fix && hasStdin && len(args) > 1 {
		return usageErrorf("--fix prints the fixed script of - (stdin) to stdout: give - alone")
	}
	if len(args) == 0 {
		args = []string{"."}
	}
	wd, err := os.Getwd()
	if err != nil {
		return &exitError{ExitError, fmt.Errorf("cannot read the working directory: %w", err)}
	}

	cfg, err := c.loadConfig(f.config, wd)
	if err != nil {
		return err
	}
	if f.redisVersion != "" {
		v, err := redisfacts.ParseVersion(f.redisVersion)
		if err != nil {
			return usageErrorf("invalid --redis-version %q (known: %s)", f.redisVersion, strings.Join(redisfacts.KnownVersions, ", "))
		}
		cfg.RedisVersion = v
	}
	if maxFileSize > 0 {
		cfg.MaxFileSize = maxFileSize
	}
	for _, set := range []struct {
		flag string
		ids  []string
		on   bool
	}{{"--enable", f.enable, true}, {"--disable", f.disable, false}} {
		for _, id := range set.ids {
			id = strings.TrimSpace(id)
			if id == "" {
				continue
			}
			if c.ruleByID(id) == nil {
				return c.unknownRule(set.flag, id)
			}
			cfg.SetRuleEnabled(id, set.on)
		}
	}

	filter, err := c.newResultFilter(ctx, f, wd)
	if err != nil {
		return err
	}

	// Go package patterns (./..., *.go) are checked for embedded scripts;
	// DIR/... also walks DIR for *.lua files, so one `check ./...` lints
	// both.
	args, goPatterns := splitGoArgs(args)
	langs, err := c.languages(f, cfg)
	if err != nil {
		return err
	}
	if len(goPatterns) > 0 {
		// The go command reads the Go files, with their packages.
		langs = langs.Without("go")
	}

	var times phaseTimes
	t0 := time.Now()
	readHook, addHook, restoreGC := c.tuneGC()
	defer restoreGC()

	var skipMu sync.Mutex
	var skipped []string
	eng := lint.NewEngine(c.Rules, cfg, f.jobs)
	eng.Hosts = langs
	var noScript atomic.Int64
	eng.NoScript = func(string) { noScript.Add(1) }
	eng.Read = readHook
	eng.Skip = func(path, reason string) {
		skipMu.Lock()
		defer skipMu.Unlock()
		skipped = append(skipped, fmt.Sprintf("skipping %s %s", reason, path))
	}
	// What discovery left out, for the message of a run that checks
	// nothing (see nothingChecked).
	left := leftOut{config: cfg.Path}
	if f.stats {
		display := goembed.DisplayRelative(wd)
		eng.Observe = func(s lint.FileStats) {
			if filepath.IsAbs(s.Path) {
				s.Path = display(s.Path) // a script embedded in Go
			}
			times.mu.Lock()
			defer times.mu.Unlock()
			times.files = append(times.files, s)
		}
	}

	// The report is written while the files are linted when it can be
	// (see newReportSink); otherwise the results are kept and written at
	// the end.
	// With --fix the results are fixed before the report: it is written
	// at the end, as for Go packages.
	sink := c.newReportSink(f, wd, len(goPatterns) > 0 || f.fix)
	var fixSrcs *fixSources
	if f.fix {
		fixSrcs = &fixSources{file: map[string]string{}}
	}
	// One argument is discovered in report order: results are emitted,
	// and their memory released, during the walk (Engine.InOrder), on a
	// copy of the engine (Go mode's sources come in their own order).
	// The report can then be started at once, unless --output exists
	// and might be one of the inputs (see reportSink.checkInput).
	luaEng := eng
	if len(args) == 1 {
		inOrder := *eng
		inOrder.InOrder = true
		luaEng = &inOrder
		if sink.outInfo == nil {
			sink.decide()
		}
	}
	// Linting starts while discovery still walks the tree. A streamed
	// report keeps nothing of a file once written, so the engine may
	// reuse the file's memory (see reportSink.emit).
	found := 0
	err = luaEng.CheckStream(ctx, func(add func(lint.Source)) error {
		err := lint.DiscoverFunc(args, lint.DiscoverOptions{
			Include: langs.Globs(),
			Exclude: func(path string) bool {
				if cfg.Excluded(path) {
					left.excluded++
					return true
				}
				return false
			},
			Stdin:         c.Stdin,
			StdinFilename: f.stdinFilename,
			WorkDir:       wd,
			MaxFileSize:   cfg.MaxFileSize,
			Skip: func(path, reason string) {
				left.special++
				eng.Skip(path, reason)
			},
		}, func(s lint.Source) {
			found++
			if f.forceExclude && cfg.Excluded(s.Path) {
				left.forced++
				return
			}
			times.luaFiles++
			if s.Src != nil && addHook != nil {
				addHook(len(s.Src))
			}
			sink.checkInput(s)
			if fixSrcs != nil {
				fixSrcs.add(s)
			}
			add(s)
		})
		times.discovery = time.Since(t0)
		if err == nil {
			// Every input is known now: decide where the report goes
			// before the engine emits the first result (it emits only
			// after this function returns; results emitted earlier would
			// be held until now).
			sink.expect = found
			sink.decide()
		}
		return err
	}, sink.emit)
	if err != nil {
		hint := "check the paths given on the command line"
		for _, a := range args {
			if _, serr := os.Stat(a); serr != nil && !strings.ContainsAny(a, `/\.`) {
				if s := analyzer.SuggestName(a, []string{"check", "rules", "explain", "version", "completion", "lsp"}); s != "" {
					hint = fmt.Sprintf("did you mean the command %q?", s)
				}
			}
		}
		sink.abort()
		return &exitError{ExitError, fmt.Errorf("%w (%s)", err, hint)}
	}
	// Discovery has finished: decide is a no-op here, and the results
	// are either all streamed or all held.
	streamed := sink.decide()
	results := sink.held
	goFailed := false
	goFiles := map[string]bool{}
	goRead := 0 // the Go files read
	if len(goPatterns) > 0 {
		// The GC policy of tuneGC suits Lua input, whose live data stays
		// small; the Go packages loaded next take tens to hundreds of MB
		// (syntax and types of the packages checked, export data of their
		// dependencies), under which the memory limit makes the collector
		// run back to back (issue 20: 9.2 s instead of 3.9 s). The Lua
		// files are done: Go mode runs with the settings the run started
		// with (the default policy, or the user's GOGC and GOMEMLIMIT).
		restoreGC()
		goRes, err := goembed.CheckPackages(ctx, eng, goPatterns, goembed.LoadOptions{
			Dir:     wd,
			Display: goembed.DisplayRelative(wd),
			Types:   f.goTypes,
			Offline: f.goOffline,
		})
		if err != nil {
			goFailed = true
			for _, line := range strings.Split(err.Error(), "\n") {
				fmt.Fprintf(c.Stderr, "%s: %s\n", Name, line)
			}
		}
		if goRes != nil {
			for _, n := range goRes.Notices {
				fmt.Fprintf(c.Stderr, "%s: notice: %s\n", Name, n)
			}
			for i := range goRes.Files {
				goFiles[goRes.Files[i].Path] = true
			}
			results = mergeResults(results, goRes.Files)
			times.goStats = &goRes.Stats
			goRead = goRes.Stats.GoFiles
		}
	}
	t2 := time.Now()
	times.lint = t2.Sub(t0)
	if filter != nil {
		results, err = filter.apply(results, !goFailed && allChecked(results))
		if err != nil {
			return err
		}
	}

	// Known behaviour: when the report is streamed, the skipped-file
	// notices reach stderr after the part of the report already written
	// to stdout (all of it but the last buffer, up to 64 KiB, and the
	// summary), not before it as when the report is written at the end.
	// Each stream gets the same bytes either way; only how two streams
	// shown on one screen interleave differs. Where that would show, stdout and stderr are
	// one file (a terminal, 2>&1, one writer given as both) and the
	// report is not streamed (see newReportSink). The case left is one
	// terminal reached by two device paths (>/dev/pts/0 2>/dev/tty:
	// different device numbers, so not one file to sameFile), where the
	// notices show inside the report on screen, possibly mid-line:
	// cosmetic (the exit status and what each stream carries are right).
	// "nothing checked" comes after the report either way (it depends on
	// what the report counted).
	sort.Strings(skipped)
	for _, s := range skipped {
		fmt.Fprintf(c.Stderr, "%s: %s\n", Name, s)
	}

	var fixed fixRun
	if f.fix {
		typed := f.goTypes || slices.ContainsFunc(goPatterns, func(p string) bool { return !strings.HasSuffix(p, ".go") })
		fixed = c.applyFixes(f, eng, wd, results, fixSrcs, goFiles, typed)
	}

	var out outcome
	switch {
	case streamed:
		times.streamed = true
		out = sink.out
		err = sink.stream.close()
	case f.fix && (f.diff && f.output == "" || hasStdin && f.output == ""):
		// stdout holds the diff or the fixed script: the report goes to
		// --output only, or (stdin) to stderr.
		if !f.diff {
			rc := *c
			rc.Stdout = c.Stderr
			err = rc.writeReport(f, wd, results)
		}
		for i := range results {
			out.add(&results[i])
		}
	default:
		err = c.writeReport(f, wd, results)
		for i := range results {
			out.add(&results[i])
		}
	}
	if f.fix && !f.quiet {
		fmt.Fprintf(c.Stderr, "%s: %s\n", Name, fixSummary(f, fixed))
	}

	if err != nil {
		return err
	}
	times.output = time.Since(t2)
	times.total = time.Since(t0)
	if filter != nil {
		filter.printNotes()
	}

	code := ExitOK
	if goFailed || fixed.failed {
		code = ExitError
	}
	if out.files == 0 && (len(goPatterns) == 0 || !goFailed && onlyGoFiles(goPatterns)) {
		// Nothing at all was checked (a file that could not be read is
		// reported, and counted, as a file): a mistyped path or an
		// exclude that excludes everything must not pass green. The .go
		// files named and read are host files without a script, as the
		// other languages' are.
		left.binary = len(skipped) - left.special
		left.noScript = int(noScript.Load()) + goRead
		left.globs = langs.Globs()
		msg, failed := left.nothingChecked(append(slices.Clip(args), goPatterns...))
		fmt.Fprintf(c.Stderr, "%s: %s\n", Name, msg)
		if failed {
			code = ExitError
		}
	}
	if out.worst >= failOn {
		code = max(code, ExitFindings)
	}
	if len(out.errs) > 0 {
		code = ExitError
		for _, line := range out.errs {
			fmt.Fprintf(c.Stderr, "%s: %s\n", Name, line)
		}
	}
	if f.stats {
		c.printStats(&times, f.jobs)
	}
	if code != ExitOK {
		return &exitError{code: code} // already reported
	}
	return nil
}

// onlyGoFiles reports whether every Go pattern is a .go file (no package
// pattern such as ./...).
func onlyGoFiles(patterns []string) bool {
	for _, p := range patterns {
		if !strings.HasSuffix(p, ".go") {
			return false
		}
	}
	return true
}

// leftOut counts the files a run found but did not check, by cause.
type leftOut struct {
	// noScript: host files read that hold no script.
	noScript int
	// globs are the names a walk reads, for the message.
	globs []string
	// excluded: entries of a walk (files or directories) the
	// configuration's exclude globs matched.
	excluded int
	// forced: files named on the command line that --force-exclude
	// left out.
	forced int
	// special: files of a walk that are not regular (pipes, devices).
	special int
	// binary: files skipped as binary.
	binary int
	// config is the configuration file whose exclude globs apply.
	config string
}

// nothingChecked returns the message of a run that checked no file,
// naming why, and whether the run fails (exit 2). It fails unless every
// file left out was named and excluded by --force-exclude: that is what
// the flag asks for (a pre-commit hook given only excluded files has
// nothing to do), not a mistake.
func (l leftOut) nothingChecked(args []string) (string, bool) {
	where := strings.Join(args, ", ")
	var causes []string
	if l.excluded > 0 {
		causes = append(causes, fmt.Sprintf("%d paths excluded by the exclude globs of %s", l.excluded, l.config))
	}
	if l.binary > 0 {
		causes = append(causes, fmt.Sprintf("%d skipped as binary", l.binary))
	}
	if l.special > 0 {
		causes = append(causes, fmt.Sprintf("%d not regular files", l.special))
	}
	if l.forced > 0 {
		causes = append(causes, fmt.Sprintf("%d named but excluded (--force-exclude)", l.forced))
	}
	if l.noScript > 0 && len(causes) == 0 {
		// Host files were read and hold no script: a pre-commit run on
		// staged application files, which is fine.
		files := "host files"
		if l.noScript == 1 {
			files = "host file"
		}
		return fmt.Sprintf("no script found in %s (%d %s read)", where, l.noScript, files), false
	}
	if len(causes) == 0 {
		what := "*.lua or host-language"
		if slices.Equal(l.globs, []string{"*.lua"}) {
			what = "*.lua"
		}
		return "nothing checked: no " + what + " files found in " + where, true
	}
	msg := "nothing checked in " + where + ": " + strings.Join(causes, ", ")
	if l.forced > 0 && len(causes) == 1 {
		return msg, false
	}
	return msg, true
}

// outcome is what check reports after the report: the exit status and
// the files that could not be checked.
type outcome struct {
	files int
	// worst is the highest severity of a finding (0: none).
	worst analyzer.Severity
	// errs are the lines to print for the files' errors, in report
	// order.
	errs []string
}

func (o *outcome) add(r *lint.FileResult) {
	o.files++
	for i := range r.Diagnostics {
		o.worst = max(o.worst, r.Diagnostics[i].Severity)
	}
	if r.Err != nil {
		// FileResult.Err does not repeat the path (printers show it
		// beside the path); errors.Join puts one error per line.
		for _, line := range strings.Split(r.Err.Error(), "\n") {
			o.errs = append(o.errs, r.Path+": "+line)
		}
	}
}

// loadConfig reads --config, else the nearest .redis-lua-lint.yaml, else
// defaults.
func (c *Command) loadConfig(flag, wd string) (*lint.Config, error) {
	path := flag
	if path == "" {
		found, err := lint.FindConfig(wd)
		if err != nil {
			return nil, &exitError{ExitError, err}
		}
		if found == "" {
			return lint.DefaultConfig(wd), nil
		}
		path = found
		if rel, err := filepath.Rel(wd, found); err == nil {
			path = rel
		}
	}
	cfg, err := lint.LoadConfig(path, c.Rules)
	var cerr *lint.ConfigError
	switch {
	case errors.As(err, &cerr):
		// The message names the file, the line and the valid choices.
		return nil, &exitError{ExitError, err}
	case err != nil && flag != "":
		return nil, &exitError{ExitError, fmt.Errorf("%w (check the --config path)", err)}
	case err != nil:
		return nil, &exitError{ExitError, err}
	}
	return cfg, nil
}

// writeReport prints results in the chosen format to stdout or --output,
// after linting: through the reportStream a streamed report uses, so
// the two write the same bytes with the same errors.
func (c *Command) writeReport(f *checkFlags, wd string, results []lint.FileResult) error {
	r := c.newReportStream(f, wd)
	r.start()
	if s, ok := r.s.(*sarifStream); ok {
		// SARIF is written whole by Close: it gets the results as they
		// are rather than a copy made one by one (an array regrown from
		// empty: fresh memory of about twice the results' size).
		s.results = results
		return r.close()
	}
	for i := range results {
		r.file(&results[i])
	}
	return r.close()
}

// color reports whether the text report is coloured.
func (c *Command) color(f *checkFlags) bool {
	switch f.color {
	case "always":
		return true
	case "auto":
		return f.output == "" && c.Getenv("NO_COLOR") == "" && c.Getenv("TERM") != "dumb" && isTerminal(c.Stdout)
	}
	return false
}

// reportStream writes the report, one file at a time, in the chosen
// format to stdout or --output: while the files are linted (see
// reportSink), or after linting (writeReport). Either way it writes the
// same bytes, creates --output at the same point (with the first file's
// report, or at the end when there is none: not at all when discovery
// fails), and fails with the same errors.
type reportStream struct {
	c  *Command
	f  *checkFlags
	wd string
	// started is set once the destination is open and s made.
	started bool
	// out is the --output file (a temporary file until the report is
	// complete: see reportFile).
	out *reportFile
	s   report.Stream
	// root is where GitHub annotation paths are made relative to ("":
	// paths are kept).
	root string
	// rebased is the copy of a result whose path is rebased: the caller's
	// result is not modified (its path names the file in error lines).
	rebased lint.FileResult
	// err is the first error; nothing more is written after it.
	err error
}

// newReportStream returns the reportStream of f's format and --output.
func (c *Command) newReportStream(f *checkFlags, wd string) *reportStream {
	return &reportStream{c: c, f: f, wd: wd}
}

// start opens the report's destination and makes its Stream.
func (r *reportStream) start() {
	r.started = true
	dst := r.c.Stdout
	if r.f.output != "" {
		file, err := createReportFile(r.f.output)
		if err != nil {
			r.fail(err)
			return
		}
		r.out, dst = file, file
	}
	switch r.f.format {
	case "text":
		r.s = report.NewTextStream(dst, report.TextOptions{Color: r.c.color(r.f), Quiet: r.f.quiet, Rules: r.c.Rules})
	case "json":
		r.s = report.NewJSONStream(dst, r.c.Rules)
	case "github", "gitlab":
		// Both resolve paths against the repository root.
		root := r.c.repoRoot(r.wd)
		if r.f.format == "github" {
			r.s = report.NewGitHubStream(dst)
		} else {
			r.s = report.NewGitLabStream(dst)
			root = r.c.gitlabRoot(r.wd)
		}
		if root != r.wd {
			r.root = root
		}
	case "sarif":
		r.s = &sarifStream{w: dst, opts: sarif.Options{
			ToolName:       Name,
			ToolVersion:    r.c.version(),
			InformationURI: InformationURI,
			RulesDocURL:    RulesDocURL,
			BaseDir:        r.c.repoRoot(r.wd),
		}, rules: r.c.Rules}
	}
}

// fail records err as the report's error unless there is one already.
func (r *reportStream) fail(err error) {
	if r.err == nil {
		r.err = &exitError{ExitError, fmt.Errorf("cannot write the report: %w", err)}
	}
}

// file writes res's part of the report.
func (r *reportStream) file(res *lint.FileResult) {
	if !r.started {
		r.start()
	}
	if r.err != nil {
		return
	}
	if r.root != "" {
		r.rebased = *res
		r.rebased.Path = rebasePath(res.Path, r.wd, r.root)
		res = &r.rebased
	}
	if err := r.s.File(res); err != nil {
		r.fail(err)
	}
	r.rebased = lint.FileResult{} // keep no file's source or findings
}

// close ends the report, puts --output in place (only when the whole
// report was written: after an error the previous file stays) and returns
// the first error.
func (r *reportStream) close() error {
	if !r.started {
		r.start()
	}
	if r.err == nil {
		if err := r.s.Close(); err != nil {
			r.fail(err)
		}
	}
	if r.out != nil {
		if r.err != nil {
			r.out.discard()
		} else if err := r.out.commit(); err != nil {
			r.fail(err)
		}
	}
	return r.err
}

// sarifStream is a report.Stream for SARIF, which cannot be written one
// file at a time (the rules met and the files that failed come before
// the results): it keeps the results and writes them all on Close.
type sarifStream struct {
	w       io.Writer
	opts    sarif.Options
	rules   []*analyzer.Rule
	results []lint.FileResult
}

func (s *sarifStream) File(r *lint.FileResult) error {
	s.results = append(s.results, *r)
	return nil
}

func (s *sarifStream) Close() error {
	return sarif.Write(s.w, s.results, s.rules, s.opts)
}

// reportSink receives the results, in report order, from the engine
// (its emit) and sends them to the report. Whether the report is
// streamed (written while the files are linted) or written at the end is
// decided once, by decide, when discovery has finished: only then is it
// known whether --output is also an input. Results emitted before that
// are held and, when the report is streamed, written first; so the
// report goes whole to one path whatever the order of emission and
// discovery. emit and decide may run on different goroutines.
type reportSink struct {
	c  *Command
	f  *checkFlags
	wd string
	// canStream is unset when the report must be written at the end
	// whatever the inputs (see newReportSink).
	canStream bool
	// outInfo describes the --output file when it exists before the run;
	// input is set when it is also one of the files to lint: it must then
	// be read before the report overwrites it, so the report is written
	// at the end. Both are used by the goroutine running discovery only.
	outInfo fs.FileInfo
	input   bool
	// expect is how many sources there are (at most as many results),
	// set before decide: results held are appended to an array of that
	// size rather than one regrown from empty.
	expect int

	mu      sync.Mutex
	decided bool
	// stream is set when the report is streamed; out is then the outcome
	// of the results written.
	stream *reportStream
	out    outcome
	// held are the results to write at the end (those emitted before
	// decide, until it runs).
	held []lint.FileResult
}

// newReportSink returns the reportSink of a run with f. The report can be
// streamed unless: the format is SARIF (see sarifStream); Go packages are
// checked (after the Lua files; their results are merged in); findings
// are filtered (--baseline, --new-from-rev: matched against all of them
// at once); or the report goes where stderr goes (a terminal, 2>&1, one writer given as
// both), where the messages printed before the report (skipped binary
// files) would land inside it.
func (c *Command) newReportSink(f *checkFlags, wd string, goPackages bool) *reportSink {
	s := &reportSink{c: c, f: f, wd: wd}
	switch {
	case f.format == "sarif" || goPackages || f.filtersResults():
		// Written at the end.
	case f.output == "":
		s.canStream = !sameFile(c.Stdout, c.Stderr)
	default:
		s.canStream = true
		if st, err := os.Stat(f.output); err == nil {
			s.canStream = !isFile(c.Stderr, st)
			s.outInfo = st
		}
	}
	return s
}

// checkInput records whether s, a source to lint, is the --output file.
// It is called during discovery, before decide.
func (s *reportSink) checkInput(src lint.Source) {
	if s.outInfo == nil || s.input || src.File == "" {
		return
	}
	if st, err := os.Stat(src.File); err == nil && os.SameFile(st, s.outInfo) {
		s.input = true
	}
}

// decide chooses, the first time it is called, whether the report is
// streamed, writing the results held so far if so; it must be called
// once discovery has finished (every checkInput done). It reports
// whether the report is streamed.
func (s *reportSink) decide() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.decided {
		s.decided = true
		if s.canStream && !s.input {
			s.stream = s.c.newReportStream(s.f, s.wd)
			for i := range s.held {
				s.write(&s.held[i])
			}
			s.held = nil
		} else if s.held == nil && s.expect > 0 {
			s.held = make([]lint.FileResult, 0, s.expect)
		}
	}
	return s.stream != nil
}

// abort ends a report that discovery's failure leaves incomplete: a
// temporary --output file is removed (the previous report stays). What
// was streamed to stdout stays written.
func (s *reportSink) abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stream != nil && s.stream.out != nil {
		s.stream.out.discard()
		s.stream.out = nil
	}
}

// emit takes the next result in report order: streamed when the report
// streams (report.Stream), else held (SARIF's, never streamed, too).
func (s *reportSink) emit(r *lint.FileResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stream != nil {
		s.write(r)
		return
	}
	s.held = append(s.held, *r)
}

// write streams r; s.mu is held.
func (s *reportSink) write(r *lint.FileResult) {
	s.out.add(r)
	s.stream.file(r)
}

// sameFile reports whether a and b write to the same file (not the null
// device, where the order of what is written cannot matter): one writer
// given twice (a buffer of a caller or a test), or two handles on one
// file. Two device paths to one terminal (/dev/pts/0 and /dev/tty) are
// different files here.
func sameFile(a, b io.Writer) bool {
	fa, ok := a.(*os.File)
	if !ok {
		return sameWriter(a, b)
	}
	st, err := fa.Stat()
	return err == nil && isFile(b, st)
}

// sameWriter reports whether a and b are the same writer, without the
// panic of == on writers of an uncomparable type.
func sameWriter(a, b io.Writer) bool {
	va := reflect.ValueOf(a)
	return va.IsValid() && va.Comparable() && a == b
}

// isFile reports whether w writes to the file st describes, other than
// the null device.
func isFile(w io.Writer, st fs.FileInfo) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	wst, err := f.Stat()
	if err != nil || !os.SameFile(st, wst) {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}

// repoRoot is the directory that GitHub annotations and SARIF URIs are
// relative to: $GITHUB_WORKSPACE (the checkout) when the linter runs at or
// below it, so a step with a working-directory still annotates the right
// files; otherwise the working directory.
func (c *Command) repoRoot(wd string) string { return c.workspaceRoot("GITHUB_WORKSPACE", wd) }

// gitlabRoot is repoRoot for GitLab Code Quality paths: $CI_PROJECT_DIR,
// where GitLab CI checks the repository out.
func (c *Command) gitlabRoot(wd string) string { return c.workspaceRoot("CI_PROJECT_DIR", wd) }

// workspaceRoot returns the directory named by the environment variable
// env when wd is at or below it, otherwise wd.
func (c *Command) workspaceRoot(env, wd string) string {
	ws := c.Getenv(env)
	if ws == "" {
		return wd
	}
	ws, err := filepath.Abs(ws)
	if err != nil {
		return wd
	}
	if rel, err := filepath.Rel(ws, wd); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return wd
	}
	return ws
}

// rebasePath returns p, relative to wd, relative to root. Absolute
// paths, <stdin> and paths that would leave root are kept as they are.
func rebasePath(p, wd, root string) string {
	if root == wd || p == "" || p == "<stdin>" || filepath.IsAbs(p) {
		return p
	}
	rel, err := filepath.Rel(root, filepath.Join(wd, p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return p
	}
	return filepath.ToSlash(rel)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// printStats writes the --stats report: wall time per phase, the CPU
// time summed over files of the per-file phases (they overlap across
// parallel jobs), and the slowest files.
func (c *Command) printStats(t *phaseTimes, jobs int) {
	var sum lint.FileStats
	for _, s := range t.files {
		sum.Read += s.Read
		sum.Parse += s.Parse
		sum.Analyses += s.Analyses
		sum.Rules += s.Rules
	}
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	w := c.Stderr
	what := countOf(t.luaFiles, "Lua file")
	if g := t.goStats; g != nil {
		what += fmt.Sprintf(", %s in %s holding %s", countOf(g.GoFiles, "Go file"), countOf(g.Packages, "package"), countOf(g.Scripts, "script"))
	}
	fmt.Fprintf(w, "stats: %s, -j %d, total %s\n", what, jobs, round(t.total))
	fmt.Fprintf(w, "  discovery  %10s  (linting starts meanwhile)\n", round(t.discovery))
	if g := t.goStats; g != nil {
		fmt.Fprintf(w, "  lint       %10s  wall time to the last Lua file and Go package, discovery included:\n", round(t.lint))
		fmt.Fprintf(w, "    go load  %10s  (Go packages: go list, export data of dependencies, parsing, type-checking)\n", round(g.Load))
		fmt.Fprintf(w, "    go check %10s  (finding and linting the scripts embedded in Go)\n", round(g.Check))
		fmt.Fprintf(w, "    every script, Lua files and scripts embedded in Go (the Lua files in parallel), summed:\n")
	} else {
		fmt.Fprintf(w, "  lint       %10s  wall time to the last file, discovery included; the phases below run in parallel:\n", round(t.lint))
	}
	fmt.Fprintf(w, "    read     %10s  (summed over files)\n", round(sum.Read))
	fmt.Fprintf(w, "    parse    %10s  (summed over files)\n", round(sum.Parse))
	fmt.Fprintf(w, "    analyses %10s  (summed over files)\n", round(sum.Analyses))
	fmt.Fprintf(w, "    rules    %10s  (summed over files)\n", round(sum.Rules))
	if t.streamed {
		fmt.Fprintf(w, "  output     %10s  (after the last file: the report was written during lint)\n", round(t.output))
	} else {
		fmt.Fprintf(w, "  output     %10s\n", round(t.output))
	}
	sort.Slice(t.files, func(i, j int) bool {
		a, b := t.files[i], t.files[j]
		if ta, tb := a.Total(), b.Total(); ta != tb {
			return ta > tb
		}
		return a.Path < b.Path
	})
	if len(t.files) > 0 {
		fmt.Fprintf(w, "slowest files:\n")
	}
	for _, s := range t.files[:min(10, len(t.files))] {
		fmt.Fprintf(w, "  %10s  %s (read %s, parse %s, analyses %s, rules %s)\n",
			round(s.Total()), s.Path, round(s.Read), round(s.Parse), round(s.Analyses), round(s.Rules))
	}
}

// countOf returns "1 file", "2 files": n and what, in the plural unless n
// is 1.
func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func round(d time.Duration) time.Duration {
	switch {
	case d > time.Second:
		return d.Round(time.Millisecond)
	case d > time.Millisecond:
		return d.Round(time.Microsecond)
	}
	return d
}

// splitGoArgs separates Go package patterns and .go files from the Lua
// paths. A DIR/... pattern also stays as DIR among the Lua paths, so that
// its *.lua files are linted in the same run.
func splitGoArgs(args []string) (lua, goPatterns []string) {
	for _, a := range args {
		if a == "-" || !goembed.IsGoPattern(a) {
			lua = append(lua, a)
			continue
		}
		dir, recursive := strings.CutSuffix(a, "...")
		if !recursive {
			goPatterns = append(goPatterns, a)
			continue
		}
		dir = strings.TrimSuffix(dir, "/")
		if dir == "" {
			dir = "."
		}
		if st, err := os.Stat(dir); err != nil || st.IsDir() {
			// A directory that does not exist is kept too: discovery's
			// error names it.
			lua = append(lua, dir)
		}
		// A Lua-only tree (no Go module, or no .go file at all) is just a
		// directory to walk: loading it as Go packages would only fail.
		if inGoModule(dir) && containsGoFile(dir) {
			goPatterns = append(goPatterns, a)
		}
	}
	return lua, goPatterns
}

// inGoModule reports whether dir or one of its parents has a go.mod.
func inGoModule(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		if _, err := os.Stat(filepath.Join(abs, "go.mod")); err == nil {
			return true
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return false
		}
		abs = parent
	}
}

// errFound stops a directory walk early.
var errFound = errors.New("found")

// containsGoFile reports whether the tree under dir holds a .go file,
// skipping version-control and dependency directories.
func containsGoFile(dir string) bool {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil //nolint:nilerr // an unreadable entry holds no Go file we could lint: keep looking elsewhere
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", ".hg", ".svn", "node_modules", "vendor", "testdata":
				if path != dir {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), ".go") {
			return errFound
		}
		return nil
	})
	return errors.Is(err, errFound)
}

// mergeResults merges two path-sorted result lists into one, sorted by
// path.
func mergeResults(a, b []lint.FileResult) []lint.FileResult {
	// A new slice: appending to a could write into the caller's array.
	out := slices.Concat(a, b)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// languages returns the front ends a run reads: --languages, else the
// configuration's languages, else every language.
func (c *Command) languages(f *checkFlags, cfg *lint.Config) (*hosts.Set, error) {
	if len(f.languages) > 0 {
		set, err := hosts.New(f.languages)
		if err != nil {
			return nil, usageErrorf("invalid --languages: %v", err)
		}
		return set, nil
	}
	set, err := hosts.New(cfg.Languages)
	if err != nil {
		return nil, &exitError{ExitError, &lint.ConfigError{File: cfg.Path, Line: cfg.LanguagesLine, Msg: err.Error()}}
	}
	return set, nil
}

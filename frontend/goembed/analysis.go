package goembed

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// AnalyzerName is the name of the go/analysis Analyzer: go vet prefixes
// its flags with it (-redislualint.config=...).
const AnalyzerName = "redislualint"

const analyzerDoc = `check Lua scripts embedded in Go for Redis

redislualint finds the Lua scripts a package passes to go-redis (v9 to v6,
rueidiscompat), redigo and rueidis (NewScript, Eval, EvalRO, ScriptLoad,
FunctionLoad, NewLuaScript...), runs every redis-lua-lint rule on them and
reports the findings at their position inside the Go string literal. It
also checks the calls: the number of keys passed against the KEYS the
script reads (numkeys-mismatch), keys hashing to different cluster slots
(cross-slot-keys) and script sources built at run time
(script-built-at-runtime).

The configuration is the nearest .redis-lua-lint.yaml above the package's
directory, or the file named by -config.`

// Options configure an Analyzer made by NewAnalyzer.
type Options struct {
	// Config is the path of a configuration file; "" means the nearest
	// .redis-lua-lint.yaml in the package's directory or its parents.
	Config string
	// RedisVersion overrides the configuration's target version.
	RedisVersion string
	// Enable and Disable force rules on or off, above the configuration.
	Enable, Disable []string
}

// Analyzer is the redis-lua-lint analyzer with its settings taken from
// flags (-config, -redis-version, -enable, -disable: comma-separated
// rule IDs), for go vet -vettool and other drivers.
var Analyzer = newFlagAnalyzer()

func newFlagAnalyzer() *analysis.Analyzer {
	var config, version, enable, disable string
	a := &analysis.Analyzer{Name: AnalyzerName, Doc: analyzerDoc}
	a.Flags.StringVar(&config, "config", "", "read the configuration from `FILE` instead of the nearest .redis-lua-lint.yaml")
	a.Flags.StringVar(&version, "redis-version", "", "target server `VERSION` ("+strings.Join(redisfacts.KnownVersions, ", ")+")")
	a.Flags.StringVar(&enable, "enable", "", "comma-separated `RULES` to enable above the configuration")
	a.Flags.StringVar(&disable, "disable", "", "comma-separated `RULES` to disable")
	a.Run = func(pass *analysis.Pass) (any, error) {
		return run(pass, Options{Config: config, RedisVersion: version, Enable: splitList(enable), Disable: splitList(disable)})
	}
	return a
}

// NewAnalyzer returns an analyzer with fixed options (and no flags), for
// drivers that configure analyzers in code, such as golangci-lint
// plugins. It reports an unknown version or rule ID as an error.
func NewAnalyzer(opts Options) (*analysis.Analyzer, error) {
	if _, err := configFor(opts, ""); err != nil {
		return nil, err
	}
	return &analysis.Analyzer{
		Name:  AnalyzerName,
		Doc:   analyzerDoc,
		Flags: *flag.NewFlagSet(AnalyzerName, flag.ContinueOnError),
		Run:   func(pass *analysis.Pass) (any, error) { return run(pass, opts) },
	}, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// configFor loads the configuration for a package in dir ("" means the
// working directory) and applies opts.
func configFor(opts Options, dir string) (*lint.Config, error) {
	all := rules.All()
	var cfg *lint.Config
	path := opts.Config
	if path == "" {
		found, err := lint.FindConfig(orDot(dir))
		if err != nil {
			return nil, err
		}
		path = found
	}
	if path == "" {
		abs, err := filepath.Abs(orDot(dir))
		if err != nil {
			return nil, fmt.Errorf("configuration: %w", err)
		}
		cfg = lint.DefaultConfig(abs)
	} else {
		c, err := lint.LoadConfig(path, all)
		if err != nil {
			return nil, err
		}
		cfg = c
	}
	if opts.RedisVersion != "" {
		v, err := redisfacts.ParseVersion(opts.RedisVersion)
		if err != nil {
			return nil, fmt.Errorf("invalid redis-version %q (known: %s)", opts.RedisVersion, strings.Join(redisfacts.KnownVersions, ", "))
		}
		cfg.RedisVersion = v
	}
	for _, set := range []struct {
		ids []string
		on  bool
	}{{opts.Enable, true}, {opts.Disable, false}} {
		for _, id := range set.ids {
			if rules.ByID(id) == nil {
				hint := ""
				ids := make([]string, len(all))
				for i, r := range all {
					ids[i] = r.ID
				}
				if s := analyzer.SuggestName(id, ids); s != "" {
					hint = fmt.Sprintf(" (did you mean %q?)", s)
				}
				return nil, fmt.Errorf("unknown rule %q%s", id, hint)
			}
			cfg.SetRuleEnabled(id, set.on)
		}
	}
	return cfg, nil
}

func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

func run(pass *analysis.Pass, opts Options) (any, error) {
	if len(pass.Files) == 0 {
		return nil, nil
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].FileStart).Name())
	cfg, err := configFor(opts, dir)
	if err != nil {
		return nil, fmt.Errorf("redis-lua-lint: %w", err)
	}
	res := Check(&Input{Fset: pass.Fset, Files: pass.Files, Info: pass.TypesInfo, ReadFile: pass.ReadFile}, lint.NewEngine(rules.All(), cfg, 1))
	for _, d := range res.Diagnostics {
		pass.Report(toAnalysis(d))
	}
	errs := res.Errs
	for _, fe := range res.FileErrs {
		errs = append(errs, fmt.Errorf("%s: %w", fe.Filename, fe.Err))
	}
	return nil, errors.Join(errs...)
}

// toAnalysis converts a finding to a go/analysis diagnostic; the message
// ends with the rule ID in brackets, as redis-lua-lint prints it.
func toAnalysis(d Diagnostic) analysis.Diagnostic {
	ad := analysis.Diagnostic{
		Pos:      d.Pos,
		End:      d.End,
		Category: d.RuleID,
		Message:  fmt.Sprintf("%s [%s]", d.Message, d.RuleID),
	}
	for _, r := range d.Related {
		ad.Related = append(ad.Related, analysis.RelatedInformation{Pos: r.Pos, End: r.End, Message: r.Message})
	}
	for _, f := range d.Fixes {
		sf := analysis.SuggestedFix{Message: f.Message}
		for _, e := range f.Edits {
			sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: e.Pos, End: e.End, NewText: []byte(e.NewText)})
		}
		ad.SuggestedFixes = append(ad.SuggestedFixes, sf)
	}
	return ad
}

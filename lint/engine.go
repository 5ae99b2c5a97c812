package lint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/stackframe"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Engine lints sources with a rule set and a configuration. It holds no
// state between calls, so one Engine may be used concurrently.
type Engine struct {
	// Rules are the known rules (rules.All()); which of them run on a file
	// is decided by Config.
	Rules []*analyzer.Rule
	// Config holds severities, options and the target version; nil means
	// defaults.
	Config *Config
	// Jobs is how many files are linted in parallel; <= 0 means
	// GOMAXPROCS.
	Jobs int
	// Observe, when set, receives the timing of every linted file. It is
	// called from worker goroutines and must be safe for concurrent use.
	Observe func(FileStats)
	// Skip, when set, is told about files that were not linted (binary
	// files) and why. It is called from worker goroutines and must be safe
	// for concurrent use.
	Skip func(path, reason string)
	// InOrder promises that the discover function of CheckStream adds
	// the sources in the order results are emitted (sorted by path), as
	// DiscoverFunc does with one argument. Results are then emitted as
	// soon as they and every source before them are done, without
	// waiting for discover to return, the memory of each source is
	// released once its result is emitted, and discover waits (in add)
	// while maxPending sources are added but not emitted: the memory of a
	// run no longer grows with the number of files (the list of every
	// source, about 170 bytes a file, was 85% of the live heap in the
	// middle of a run on 70,400 files). When discover fails, the results
	// emitted before stay emitted. A discover that breaks the promise
	// gets its results out of order, and so do CheckFiles's sources
	// unless sorted: set InOrder on a copy of the engine used for such a
	// discover only.
	InOrder bool
	// Read, when set, is told the size of every file the engine reads,
	// before the file is linted (the command line adapts its memory policy
	// to the input size without a stat of every file up front). It is
	// called from worker goroutines and must be safe for concurrent use.
	Read func(path string, size int)
	// CheckRequires makes a rule that asks for a shared analysis it did
	// not declare in Requires fail (see analyzer.Runner.CheckRequires):
	// the fixture harness sets it.
	CheckRequires bool
	// Hosts, when set, lints the host-language files among the sources
	// (the scripts embedded in a JavaScript, Python, Go file...) instead
	// of parsing them as Lua; nil: every source is Lua.
	Hosts HostFiles
	// NoScript, when set, is told about the host files that hold no
	// script: they are not reported (a walk of an application reads
	// thousands). It is called from worker goroutines and must be safe
	// for concurrent use.
	NoScript func(path string)
}

// HostFiles finds and lints the scripts embedded in host-language files
// (see package frontend).
type HostFiles interface {
	// Handles reports whether the file at path is a host-language file,
	// by its name.
	Handles(path string) bool
	// Check lints the scripts embedded in the host file src, with e
	// (Engine.CheckScript for each script); ok is false when the file
	// holds no script.
	Check(e *Engine, path string, src []byte) (res FileResult, ok bool)
}

// Placeholder is a part of a script embedded in a host file that the host
// fills in at run time (`${x}`, `%s`): Span is where its stand-in
// (analyzer.PlaceholderName) is in the script, Text the host's text.
type Placeholder struct {
	Span luaast.Span
	Text string
}

// FileStats is the time spent on one file, for --stats.
type FileStats struct {
	Path string
	// Read is the time to read the file (0 for sources given in memory).
	Read time.Duration
	// Parse is the time spent in luaast.Parse.
	Parse time.Duration
	// Analyses is the time spent computing shared analyses (in
	// Pass.ResultOf, wherever a rule first asks for one).
	Analyses time.Duration
	// Rules is the time spent in rules (excluding the shared analyses
	// they request), suppressions and sorting the findings.
	Rules time.Duration
}

// Total is the time spent on the file in all phases.
func (s FileStats) Total() time.Duration { return s.Read + s.Parse + s.Analyses + s.Rules }

// plan is what the engine derives from its rules and configuration once
// per CheckFiles call rather than once per file.
type plan struct {
	// index maps a rule ID to its index in e.Rules.
	index map[string]int
	known []string
	// silencedAlso is every rule's MovedFrom, by rule ID.
	silencedAlso map[string][]string
	// fixed holds the settings of e.Rules by index when they do not depend
	// on the file (no overrides); nil otherwise.
	fixed []RuleSetting
	// base holds, with overrides, the settings of a file that no override
	// matches, computed on first use (most files in a typical
	// configuration, whose overrides name tests or vendored code).
	base     []RuleSetting
	baseOnce []sync.Once
	// runs lists the indexes in e.Rules of the rules that have a Run
	// function, in order; fixedRuns, with fixed settings, those of them
	// enabled, with their options (every file runs the same).
	runs      []int
	fixedRuns []analyzer.RuleRun
}

func (e *Engine) newPlan() *plan {
	p := &plan{index: make(map[string]int, len(e.Rules)), known: make([]string, 0, len(e.Rules))}
	for i, r := range e.Rules {
		p.index[r.ID] = i // the last rule of an ID wins, as in a map by ID
		p.known = append(p.known, r.ID)
		if r.Run != nil {
			p.runs = append(p.runs, i)
		}
		if len(r.MovedFrom) > 0 {
			if p.silencedAlso == nil {
				p.silencedAlso = map[string][]string{}
			}
			p.silencedAlso[r.ID] = r.MovedFrom
		}
	}
	// Setting depends on the path only through overrides. Rules read
	// their Options, never write them, so files may share them.
	if e.Config == nil || len(e.Config.Overrides) == 0 {
		p.fixed = make([]RuleSetting, len(e.Rules))
		for i, r := range e.Rules {
			p.fixed[i] = e.Config.setting(r, nil)
		}
		for _, i := range p.runs {
			if s := p.fixed[i]; s.Enabled {
				p.fixedRuns = append(p.fixedRuns, analyzer.RuleRun{Rule: e.Rules[i], Options: s.Options})
			}
		}
	} else {
		p.base = make([]RuleSetting, len(e.Rules))
		p.baseOnce = make([]sync.Once, len(e.Rules))
	}
	return p
}

// baseSetting returns the setting of rule i for a file no override
// matches. Workers share it, hence the sync.Once.
func (p *plan) baseSetting(e *Engine, i int) RuleSetting {
	p.baseOnce[i].Do(func() { p.base[i] = e.Config.setting(e.Rules[i], nil) })
	return p.base[i]
}

// NewEngine returns an engine for rules and cfg running jobs files in
// parallel (<= 0: GOMAXPROCS).
func NewEngine(rules []*analyzer.Rule, cfg *Config, jobs int) *Engine {
	return &Engine{Rules: rules, Config: cfg, Jobs: jobs}
}

// CheckFiles lints srcs in parallel and returns their results sorted by
// path. Binary files are left out (and reported to Skip). When ctx is
// cancelled, files not yet started get ctx's error.
func (e *Engine) CheckFiles(ctx context.Context, srcs []Source) []FileResult {
	out := make([]FileResult, 0, len(srcs))
	// checkStream fails only when discover does, and this one cannot.
	_ = e.checkStream(ctx, len(srcs), func(add func(Source)) error {
		for _, s := range srcs {
			add(s)
		}
		return nil
	}, func(r *FileResult) {
		out = append(out, *r)
	})
	return out
}

// CheckStream lints the sources that discover adds, starting while
// discover still runs (discover runs on the caller's goroutine; the files
// are linted by worker goroutines, started as sources come), and passes
// every result to emit in the order CheckFiles returns them: sorted by
// path, sources of the same path in the order they were added, binary
// files left out. A result is emitted as soon as it and every result
// before it in that order are done (and discover has returned, since
// until then a source that sorts first may still come), then dropped: a
// printer can write the report while the run goes on, and the run does
// not keep every file's source and findings until the end. emit is called
// by one goroutine at a time (a worker that just finished a file, or the
// caller's once discover has returned); it may keep the *FileResult's
// contents (a copy of the struct: the struct itself is the engine's).
//
// When discover fails, CheckStream stops the workers, emits nothing and
// returns discover's error. When ctx is cancelled, files not yet started
// get ctx's error, as with CheckFiles.
func (e *Engine) CheckStream(ctx context.Context, discover func(add func(Source)) error, emit func(*FileResult)) error {
	return e.checkStream(ctx, 0, discover, emit)
}

// checkStream is CheckStream for about size sources (0: unknown).
func (e *Engine) checkStream(ctx context.Context, size int, discover func(add func(Source)) error, emit func(*FileResult)) error {
	jobs := e.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	st := &stream{engine: e, plan: e.newPlan(), ctx: ctx, emit: emit, entries: entryList{chunk: size}, inOrder: e.InOrder}
	st.more.L = &st.mu
	st.room.L = &st.mu
	var wg sync.WaitGroup
	// Workers are started on demand, when a source is added and every
	// running worker is busy: one file (the pre-commit case) starts one.
	start := func() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st.work()
		}()
	}
	err := discover(func(s Source) {
		st.mu.Lock()
		for st.inOrder && st.entries.n-st.emitted >= maxPending {
			st.room.Wait()
		}
		st.entries.add(s)
		spawn := st.workers < jobs && st.idle == 0
		if spawn {
			st.workers++
		} else {
			st.more.Signal()
		}
		st.mu.Unlock()
		if spawn {
			start()
		}
	})
	st.mu.Lock()
	st.closed, st.failed = true, err != nil
	if err == nil && !st.inOrder {
		st.sortOrder()
	}
	st.more.Broadcast()
	// The workers may have finished every file already: emit what is
	// ready (all of it, then) rather than leave it to a worker.
	st.flush()
	st.mu.Unlock()
	wg.Wait()
	if err == nil {
		for _, r := range st.included.results() {
			emit(&r)
		}
	}
	return err
}

// File states in a stream.
const (
	pending uint8 = iota // not done yet
	done                 // linted: the entry's res is set
	skipped              // binary: nothing to emit
)

// entry is one source of a stream and, once linted and until emitted,
// its result.
type entry struct {
	src   Source
	res   *result
	state uint8
}

// entryList is a stream's entries in the order the sources were added,
// in chunks of chunk entries (the expected number of sources, else
// defaultChunk) that never move: appending to one slice would copy the
// entries each time it grows and leave the old arrays behind, fresh
// memory for about twice the final size; here what is allocated is the
// final size rounded up to a chunk, and nothing is copied. Entries may
// be used by pointer while more are added.
type entryList struct {
	chunk  int
	chunks [][]entry
	n      int
}

// defaultChunk is the chunk size of an entryList for an unknown number
// of sources: 9 KiB.
const defaultChunk = 128

// add appends an entry for s.
func (l *entryList) add(s Source) {
	if l.chunk <= 0 {
		l.chunk = defaultChunk
	}
	if l.n == len(l.chunks)*l.chunk {
		l.chunks = append(l.chunks, make([]entry, l.chunk))
	}
	l.chunks[l.n/l.chunk][l.n%l.chunk] = entry{src: s}
	l.n++
}

// release drops the chunk of entry i when i is its last entry (every
// entry of the chunk must be done with).
func (l *entryList) release(i int) {
	if (i+1)%l.chunk == 0 {
		l.chunks[i/l.chunk] = nil
	}
}

// at returns entry i (< l.n).
func (l *entryList) at(i int) *entry { return &l.chunks[i/l.chunk][i%l.chunk] }

// stream is the shared state of one CheckStream call.
type stream struct {
	engine *Engine
	plan   *plan
	ctx    context.Context
	emit   func(*FileResult)

	mu sync.Mutex
	// more wakes workers waiting for a source (or for the end).
	more sync.Cond
	// entries are the sources in the order added, with their results
	// until emitted.
	entries entryList
	// next is the next source to start.
	next int
	// workers is how many workers run, idle how many of them wait in
	// more.
	workers, idle int
	// closed is set when discover has returned (failed when with an
	// error); order, the emission order (source indexes), is set then.
	closed, failed bool
	order          []int32
	// emitted is how much of order has been emitted; emitting is true
	// while a goroutine emits (with mu released).
	emitted  int
	emitting bool
	// inOrder is Engine.InOrder: the order is the order added, results
	// are emitted before discover returns, and room wakes discover when
	// results are emitted (see maxPending).
	inOrder bool
	room    sync.Cond
	// included are the findings of assembled scripts in the files they
	// include, emitted after every source's result.
	included includedFindings
}

// maxPending is how many sources discover may add ahead of the last
// result emitted, in InOrder streams: enough to keep every worker busy
// (and to let a slow file's successors finish meanwhile), few enough to
// bound the memory held (their sources, paths and results).
const maxPending = 1024

// work is a worker: it lints the next source until there is none left
// and discover has returned.
func (st *stream) work() {
	w := &fileRun{included: &st.included}
	st.mu.Lock()
	for !st.failed {
		if st.next == st.entries.n {
			if st.closed {
				break
			}
			st.idle++
			st.more.Wait()
			st.idle--
			continue
		}
		e := st.entries.at(st.next) // entries never move: e stays valid
		st.next++
		s := e.src
		st.mu.Unlock()
		r := new(result)
		skip := st.engine.checkSource(st.ctx, st.plan, w, s, r, true)
		if skip {
			r = nil // nothing of a skipped file is emitted
		}
		st.mu.Lock()
		if skip {
			e.state = skipped
		} else {
			e.res, e.state = r, done
		}
		st.flush()
	}
	st.mu.Unlock()
}

// emittable is how many results may be emitted, done or not: every
// source's once the order is known, else (InOrder) those added so far.
func (st *stream) emittable() int {
	if st.inOrder {
		return st.entries.n
	}
	return len(st.order)
}

// sortOrder sets the emission order: the sources sorted by path, stably.
// A directory walk adds them in order already, or nearly.
func (st *stream) sortOrder() {
	st.order = make([]int32, st.entries.n)
	for i := range st.order {
		st.order[i] = int32(i)
	}
	byPath := func(a, b int32) int {
		return strings.Compare(st.entries.at(int(a)).src.Path, st.entries.at(int(b)).src.Path)
	}
	if !slices.IsSortedFunc(st.order, byPath) {
		slices.SortStableFunc(st.order, byPath)
	}
}

// flush emits, in order, the results that are ready, unless another
// goroutine is at it (it will see them: it checks again before it stops).
// It is called with st.mu held, and releases it while emit runs, so that
// the other workers go on linting meanwhile.
func (st *stream) flush() {
	if st.emitting || (!st.closed && !st.inOrder) || st.failed {
		return
	}
	st.emitting = true
	for st.emitted < st.emittable() {
		i := st.emitted
		if !st.inOrder {
			i = int(st.order[i])
		}
		e := st.entries.at(i)
		if e.state == pending {
			break
		}
		st.emitted++
		if st.inOrder {
			// Emitted entries are never read again: drop the source's
			// strings, and the chunk once it is all emitted.
			e.src = Source{}
			st.entries.release(i)
			st.room.Signal()
		}
		if e.state == skipped {
			continue
		}
		r := e.res
		e.res = nil // the run no longer keeps it
		st.mu.Unlock()
		st.emit(&r.FileResult)
		st.mu.Lock()
	}
	st.emitting = false
}

// CheckSource lints one in-memory source.
func (e *Engine) CheckSource(path string, src []byte) FileResult {
	if src == nil {
		src = []byte{}
	}
	r := new(result)
	e.checkSource(context.Background(), e.newPlan(), new(fileRun), Source{Path: path, Src: src}, r, false)
	return r.FileResult
}

// CheckScript lints a script embedded in a host file: src is the Lua
// text, with the host's run-time parts replaced by stand-ins at
// placeholders (sorted by position). A finding touching a placeholder is
// dropped, and a syntax error at one says that the host fills it in.
func (e *Engine) CheckScript(path string, src []byte, placeholders []Placeholder) FileResult {
	if src == nil {
		src = []byte{}
	}
	r := new(result)
	w := &fileRun{placeholders: placeholders}
	e.checkSource(context.Background(), e.newPlan(), w, Source{Path: path, Src: src}, r, false)
	return r.FileResult
}

// checkSource reads (when needed) and lints one source with w, the
// calling worker's scratch state, into r (zero). It reports whether the
// file was skipped (binary, or a host file without a script). hosts says
// whether a host-language file goes to Engine.Hosts (not for the scripts
// a front end hands back to the engine).
func (e *Engine) checkSource(ctx context.Context, p *plan, w *fileRun, s Source, r *result, hosts bool) bool {
	res := &r.FileResult
	res.Path, res.Src = s.Path, s.Src
	if err := ctx.Err(); err != nil {
		res.Err = fmt.Errorf("not checked: %w", err)
		return false
	}
	if s.Err != nil {
		res.Err = s.Err
		return false
	}
	st := FileStats{Path: s.Path}
	if res.Src == nil {
		var t0 time.Time
		if e.Observe != nil {
			t0 = time.Now()
		}
		src, err := readFileInto(s.File, e.Config.maxFileSize())
		if e.Observe != nil {
			st.Read = time.Since(t0)
		}
		var tooLarge *FileTooLargeError
		switch {
		case errors.As(err, &tooLarge):
			res.Err = err
			return false
		case err != nil:
			res.Err = fmt.Errorf("cannot read: %w", unwrapPathError(err))
			return false
		}
		res.Src = src
		if e.Read != nil {
			e.Read(s.Path, len(src))
		}
		if IsBinary(src) {
			if e.Skip != nil {
				e.Skip(s.Path, "binary file")
			}
			return true
		}
	}
	if hosts && e.Hosts != nil && e.Hosts.Handles(s.Path) {
		return e.checkHost(r, st)
	}
	e.safeLint(p, w, r, &st)
	if w.placeholders == nil && r.Err == nil {
		e.lintAssembled(p, r, w.included)
		if r.helper && w.included != nil {
			w.included.linted(r.Path, r.Diagnostics)
		}
	}
	if e.Observe != nil {
		e.Observe(st)
	}
	return false
}

// checkHost lints the host file r.Src with Engine.Hosts into r, and
// reports whether it is skipped (it holds no script). A panic in the
// front end is an internal error of the file, as in safeLint.
func (e *Engine) checkHost(r *result, st FileStats) (skip bool) {
	res := &r.FileResult
	path, src := res.Path, res.Src
	defer func() {
		if p := recover(); p != nil {
			*res = FileResult{Path: path, Src: src, Lines: luaast.NewLineIndex(src),
				Err: fmt.Errorf("internal error: %v (at %s; please report this bug)", p, stackframe.Panicking())}
			skip = false
		}
	}()
	var t0 time.Time
	if e.Observe != nil {
		t0 = time.Now()
	}
	fr, ok := e.Hosts.Check(e, path, src)
	if !ok {
		if e.NoScript != nil {
			e.NoScript(path)
		}
		return true
	}
	fr.Path, fr.Src = path, src
	if fr.Lines == nil {
		fr.Lines = luaast.NewLineIndex(src)
	}
	*res = fr
	if e.Observe != nil {
		st.Rules = time.Since(t0)
		e.Observe(st)
	}
	return false
}

// safeLint is lint with a panic outside a rule (in the parser or the
// engine itself) turned into an internal error for this file, so one bad
// file never takes the whole run down.
func (e *Engine) safeLint(p *plan, w *fileRun, r *result, st *FileStats) {
	res := &r.FileResult
	defer func() {
		if p := recover(); p != nil {
			if res.Lines == nil {
				res.Lines = luaast.NewLineIndex(res.Src)
			}
			res.Err = errors.Join(res.Err, fmt.Errorf("internal error: %v (at %s; please report this bug)", p, stackframe.Panicking()))
		}
	}()
	e.lint(p, w, r, st)
}

// lint parses r.Src and fills r.Lines, Diagnostics and Err. fr is the
// calling worker's scratch state, reset here.
func (e *Engine) lint(p *plan, fr *fileRun, r *result, st *FileStats) {
	res := &r.FileResult
	// The clock is read only for Observe (--stats): a thousand files
	// make it about 0.5% of the CPU time otherwise.
	timed := e.Observe != nil
	var t0, t1 time.Time
	if timed {
		t0 = time.Now()
	}
	// A byte order mark is reported on its own (a loader such as .NET's
	// StreamReader or Python's utf-8-sig strips it before Redis sees
	// the text), and the rest is linted as if it were blank.
	src, bom := blankBOM(res.Src)
	file, perr := fr.parser.Parse(res.Path, src)
	placeholders := fr.placeholders
	if perr != nil && placeholders == nil {
		// A client library's template (@key, @value): linted as the
		// client sends it, each parameter an opaque value, when that
		// is all that keeps it from parsing.
		if sub, ps, ok := templateParams(src, perr); ok {
			if f2, err2 := fr.parser.Parse(res.Path, sub); err2 == nil {
				file, perr, placeholders = f2, nil, ps
			} else {
				file, _ = fr.parser.Parse(res.Path, src)
			}
		}
	}
	if timed {
		t1 = time.Now()
		st.Parse = t1.Sub(t0)
	}
	if file == nil {
		// The contract says Parse always returns a File; be defensive.
		file = &luaast.File{Name: res.Path, Src: res.Src, Lines: luaast.NewLineIndex(res.Src)}
	}
	if file.Lines == nil {
		file.Lines = luaast.NewLineIndex(res.Src)
	}
	// A copy of the index: the parser may allocate file.Lines together
	// with the File (it does), and a FileResult pointing into that
	// allocation would keep every file's syntax tree alive until the run
	// ends: on a thousand files, a collector running back to back under
	// the memory limit and a peak RSS over 40 MiB. The copy lives in r,
	// allocated with the result.
	r.lines = *file.Lines
	r.helper = perr == nil && analyzer.IsHelperFile(file)
	res.Lines = &r.lines

	fr.start(e, p, res.Path)
	// The analyses' memory must not keep this file's tree alive once the
	// file is done: drop what points into it whatever happens (a panic
	// in the parser or the engine goes up to safeLint).
	defer fr.runner.Release()

	var diags []analyzer.Diagnostic
	var errs []error
	parsed := perr == nil
	if perr != nil {
		diags = analyzer.SyntaxDiagnostics(perr, res.Src)
		if len(placeholders) > 0 {
			placeholderHints(diags, res.Src, placeholders)
		}
		if len(diags) == 0 {
			errs = append(errs, fmt.Errorf("parse: %w", perr))
		}
		if i := fr.index(analyzer.SyntaxErrorRuleID); i >= 0 && !fr.setting(i).Enabled {
			diags = nil
		}
	} else {
		diags, errs, fr.analyses = fr.runner.Run(file, analyzer.Target{Version: e.Config.Version(), Commands: e.Config.commandSet(), Includes: e.Config.includeDirectivesOf(), Enabled: fr.enabledFn,
			Placeholders: placeholderSpans(placeholders)}, fr.rulesToRun(), timed)
	}

	if bom {
		diags = append([]analyzer.Diagnostic{bomDiagnostic()}, diags...)
	}
	kept, unused := Suppress(file, diags, SuppressOptions{
		Known:        p.known,
		SilencedAlso: p.silencedAlso,
		Enabled:      fr.enabledFn,
		ReportUnused: fr.enabled(analyzer.UnusedSuppressionRuleID),
		Parsed:       parsed,
	})
	kept = append(kept, unused...)

	// Apply configured severities, fill defaults, and drop findings of
	// disabled rules (a rule may report under another rule's ID).
	out := kept[:0]
	// A rule's findings come one after another: look its index up once
	// per run of findings rather than once per finding (a map lookup by
	// string).
	lastID, lastIndex, looked := "", -1, false
	testFile := IsTestFile(res.Path)
	for _, d := range kept {
		if !looked || d.RuleID != lastID {
			lastID, lastIndex, looked = d.RuleID, fr.index(d.RuleID), true
		}
		if i := lastIndex; i >= 0 {
			r, s := e.Rules[i], fr.setting(i)
			if !s.Enabled {
				continue
			}
			if s.Severity != 0 {
				d.Severity = s.Severity
			} else if d.Severity == 0 {
				d.Severity = r.Severity
			}
		}
		if d.Severity == 0 {
			d.Severity = defaultSeverity(d.RuleID)
		}
		if testFile {
			configured := analyzer.Severity(0)
			if lastIndex >= 0 {
				configured = fr.setting(lastIndex).Severity
			}
			d.Severity = TestFileSeverity(d.RuleID, res.Path, d.Severity, configured)
		}
		out = append(out, d)
	}
	res.Diagnostics = fr.keep(out)
	res.Err = errors.Join(errs...)
	if timed {
		st.Analyses = fr.analyses
		st.Rules = time.Since(t1) - fr.analyses
	}
}

// utf8BOM is the UTF-8 byte order mark.
const utf8BOM = "\xef\xbb\xbf"

// blankBOM returns src with a leading UTF-8 byte order mark replaced by
// three spaces (a copy: src is the caller's), so that positions stay the
// same, and whether there was one.
func blankBOM(src []byte) ([]byte, bool) {
	if !bytes.HasPrefix(src, []byte(utf8BOM)) {
		return src, false
	}
	out := make([]byte, len(src))
	copy(out, src)
	copy(out, "   ")
	return out, true
}

// bomDiagnostic is the syntax-error warning for a byte order mark at the
// start of a file: Redis compiles the bytes it is sent, and Lua 5.1 does
// not skip a BOM.
func bomDiagnostic() analyzer.Diagnostic {
	return analyzer.Diagnostic{
		RuleID:   analyzer.SyntaxErrorRuleID,
		Severity: analyzer.SeverityWarning,
		Span:     luaast.Span{Start: 0, End: luaast.Pos(len(utf8BOM))},
		Message: "the file starts with a UTF-8 byte order mark: Redis rejects it (\"unexpected symbol near '\\xEF'\") " +
			"unless the loader strips it, as .NET's StreamReader and Python's utf-8-sig do; save the file without BOM",
	}
}

// fileRun is one worker's state for the file it lints: the settings of the
// rules for the file and the Runner that runs them. A worker reuses it
// from file to file. Nothing in it but the parser keeps anything of the
// file once it is done: the parser holds the last tree (which points into
// the file's source) until the worker's next file overwrites it, or the
// worker ends; that is one file's tree per worker, reused rather than
// freed.
type fileRun struct {
	engine *Engine
	plan   *plan
	// overrides are the indexes of the configuration overrides matching
	// the file (only when the plan has no fixed settings).
	overrides []int
	// settings[i] is rule i's setting for the file when have[i] (with
	// overrides matching the file only).
	settings []RuleSetting
	have     []bool
	// runs is the file's rules to run (with overrides only).
	runs []analyzer.RuleRun
	// runner runs the rules, and analyses is the time its analyses took
	// on the file (for Observe).
	runner   analyzer.Runner
	analyses time.Duration
	// enabledFn is fr.enabled as a func value, made once rather than per
	// file.
	enabledFn func(string) bool
	// parser parses the worker's files, reusing the memory of the
	// previous tree (which it keeps until then: see above).
	parser luaast.Parser
	// placeholders are those of the embedded script linted (see
	// CheckScript).
	placeholders []Placeholder
	// included gathers the findings of assembled scripts in the files
	// they include, over a stream (nil: dropped).
	included *includedFindings
}

// start readies fr for the file at path.
func (fr *fileRun) start(e *Engine, p *plan, path string) {
	if fr.enabledFn == nil {
		fr.enabledFn = fr.enabled
	}
	fr.engine, fr.plan = e, p
	fr.runner.CheckRequires = e.CheckRequires
	fr.overrides = nil
	fr.analyses = 0
	if p.fixed == nil {
		// Settings are computed on first use, per file only when
		// overrides match it.
		fr.overrides = e.Config.matchingOverrides(path)
		clear(fr.have)
	}
}

// rulesToRun returns the enabled rules of the file, with their options.
func (fr *fileRun) rulesToRun() []analyzer.RuleRun {
	p := fr.plan
	if p.fixed != nil {
		return p.fixedRuns
	}
	fr.runs = fr.runs[:0]
	for _, i := range p.runs {
		if s := fr.setting(i); s.Enabled {
			fr.runs = append(fr.runs, analyzer.RuleRun{Rule: fr.engine.Rules[i], Options: s.Options})
		}
	}
	return fr.runs
}

// keep returns diags sorted and without duplicates (SortDiagnostics) in a
// slice of the file's own: diags may lie in the Runner's memory, which
// the next file reuses.
func (fr *fileRun) keep(diags []analyzer.Diagnostic) []analyzer.Diagnostic {
	if len(diags) == 0 {
		return nil
	}
	return analyzer.SortDiagnostics(slices.Clone(diags))
}

// index returns the index of rule id in e.Rules (-1 if none).
func (fr *fileRun) index(id string) int {
	if i, ok := fr.plan.index[id]; ok {
		return i
	}
	return -1
}

// setting returns the setting of rule i for the file.
func (fr *fileRun) setting(i int) RuleSetting {
	p := fr.plan
	if p.fixed != nil {
		return p.fixed[i]
	}
	if len(fr.overrides) == 0 {
		return p.baseSetting(fr.engine, i)
	}
	if n := len(fr.engine.Rules); len(fr.settings) != n {
		fr.settings, fr.have = make([]RuleSetting, n), make([]bool, n)
	}
	if !fr.have[i] {
		fr.settings[i], fr.have[i] = fr.engine.Config.setting(fr.engine.Rules[i], fr.overrides), true
	}
	return fr.settings[i]
}

// enabled reports whether rule id is known and enabled for the file.
func (fr *fileRun) enabled(id string) bool {
	i := fr.index(id)
	return i >= 0 && fr.setting(i).Enabled
}

func defaultSeverity(id string) analyzer.Severity {
	switch id {
	case analyzer.SyntaxErrorRuleID:
		return analyzer.SeverityError
	case analyzer.UnusedSuppressionRuleID:
		return analyzer.SeverityInfo
	}
	return analyzer.SeverityWarning
}

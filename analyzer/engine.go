package analyzer

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// SyntaxErrorRuleID is the rule under which the engine reports parse
// errors.
const SyntaxErrorRuleID = "syntax-error"

// Engine lints sources with a rule set and a configuration. It holds no
// state between calls, so one Engine may be used concurrently.
type Engine struct {
	// Rules are the known rules (rules.All()); which of them run on a file
	// is decided by Config.
	Rules []*Rule
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
	// fixed holds the settings of e.Rules by index when they do not depend
	// on the file (no overrides); nil otherwise.
	fixed []RuleSetting
	// base holds, with overrides, the settings of a file that no override
	// matches, computed on first use (most files in a typical
	// configuration, whose overrides name tests or vendored code).
	base     []RuleSetting
	baseOnce []sync.Once
	// runs lists the rules that have a Run function, in order, with what
	// running them needs: reading it rather than each Rule (one object
	// each, out of the cache by the time the next file starts) costs a
	// few cache lines per file instead of one miss per rule.
	runs []ruleRun
}

// ruleRun is a rule of a plan's runs.
type ruleRun struct {
	index int
	rule  *Rule
	run   func(*Pass)
}

func (e *Engine) newPlan() *plan {
	p := &plan{index: make(map[string]int, len(e.Rules)), known: make([]string, 0, len(e.Rules))}
	for i, r := range e.Rules {
		p.index[r.ID] = i // the last rule of an ID wins, as in a map by ID
		p.known = append(p.known, r.ID)
		if r.Run != nil {
			p.runs = append(p.runs, ruleRun{index: i, rule: r, run: r.Run})
		}
	}
	// Setting depends on the path only through overrides. Rules read
	// their Options, never write them, so files may share them.
	if e.Config == nil || len(e.Config.Overrides) == 0 {
		p.fixed = make([]RuleSetting, len(e.Rules))
		for i, r := range e.Rules {
			p.fixed[i] = e.Config.setting(r, nil)
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
func NewEngine(rules []*Rule, cfg *Config, jobs int) *Engine {
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
	}, func(r *FileResult) bool {
		out = append(out, *r)
		return false // out keeps the result
	}, false)
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
// caller's once discover has returned); it must not keep the
// *FileResult, which is reused, but may keep a copy.
//
// When discover fails, CheckStream stops the workers, emits nothing and
// returns discover's error. When ctx is cancelled, files not yet started
// get ctx's error, as with CheckFiles.
func (e *Engine) CheckStream(ctx context.Context, discover func(add func(Source)) error, emit func(*FileResult)) error {
	return e.checkStream(ctx, 0, discover, func(r *FileResult) bool {
		emit(r)
		return false // emit may have kept a copy
	}, false)
}

// CheckStreamRecycling is CheckStream for an emit that can tell the
// engine to reuse the memory of a result: when emit returns true, it
// promises that nothing it keeps (or passed on) refers to r's memory:
// neither r.Src, r.Diagnostics (nor the slices of their Related and
// Fixes) nor r.Lines, nor any string of a finding (a string may be a
// substring of the source: the parser's token texts are). The engine then
// reads later files into r.Src's buffer and puts later findings in
// r.Diagnostics's array. A printer that writes each file's part of the
// report as it comes (the text, JSON and GitHub formats) can return true;
// one that keeps the results must return false, which is what CheckStream
// assumes of every result. r.Path and r.Err are never reused and may be
// kept either way. Sources given in memory (Source.Src set) are the
// caller's and never reused.
//
// Why: a run that lints a thousand files with the collector off (as the
// command line does) otherwise touches fresh memory for every file's
// source and findings, and on some machines each new page costs a page
// fault of several microseconds.
func (e *Engine) CheckStreamRecycling(ctx context.Context, discover func(add func(Source)) error, emit func(r *FileResult) (recycle bool)) error {
	return e.checkStream(ctx, 0, discover, emit, true)
}

// checkStream is CheckStream for about size sources (0: unknown), whose
// emit reports whether the result's memory may be reused (then only when
// recycle is set).
func (e *Engine) checkStream(ctx context.Context, size int, discover func(add func(Source)) error, emit func(*FileResult) bool, recycle bool) error {
	jobs := e.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	st := &stream{engine: e, plan: e.newPlan(), ctx: ctx, emit: emit, entries: entryList{chunk: size}, inOrder: e.InOrder}
	if recycle {
		st.recycler = new(recycler)
	}
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
	emit   func(*FileResult) bool
	// recycler, when set (CheckStreamRecycling), keeps the memory of the
	// results emit released for the next files.
	recycler *recycler

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
}

// maxPending is how many sources discover may add ahead of the last
// result emitted, in InOrder streams: enough to keep every worker busy
// (and to let a slow file's successors finish meanwhile), few enough to
// bound the memory held (their sources, paths and results).
const maxPending = 1024

// work is a worker: it lints the next source until there is none left
// and discover has returned.
func (st *stream) work() {
	w := &fileRun{recycler: st.recycler}
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
		r := st.recycler.result()
		skip := st.engine.checkSource(st.ctx, st.plan, w, s, r)
		if skip {
			// Nothing of a skipped file is emitted: its memory is free.
			st.recycler.put(r)
			r = nil
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
		if st.emit(&r.FileResult) {
			st.recycler.put(r)
		}
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
	e.checkSource(context.Background(), e.newPlan(), new(fileRun), Source{Path: path, Src: src}, r)
	return r.FileResult
}

// checkSource reads (when needed) and lints one source with w, the
// calling worker's scratch state, into r (zero). It reports whether the
// file was skipped (binary).
func (e *Engine) checkSource(ctx context.Context, p *plan, w *fileRun, s Source, r *result) bool {
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
		src, err := readFileInto(s.File, s.regular, e.Config.maxFileSize(), w.recycler)
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
		res.Src, r.ownSrc = src, true
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
	e.safeLint(p, w, r, &st)
	if e.Observe != nil {
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
			res.Err = errors.Join(res.Err, fmt.Errorf("internal error: %v (at %s; please report this bug)", p, panicFrame()))
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
	if fr.recycler != nil {
		if fr.parser.LineStarts == nil {
			fr.parser.LineStarts = fr.lineStarts
		}
		fr.cur = r
	}
	file, perr := fr.parser.Parse(res.Path, res.Src)
	fr.cur = nil
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
	// allocated (or recycled) with the result.
	r.lines = *file.Lines
	res.Lines = &r.lines

	fr.start(e, p, file, res.Path)
	// The scratch must not keep this file's tree alive once the file is
	// done: drop what points into it whatever happens (a panic in the
	// parser or the engine goes up to safeLint).
	defer fr.finish()

	var diags []Diagnostic
	var errs []error
	parsed := perr == nil
	if perr != nil {
		diags = syntaxDiagnostics(perr, res.Src)
		if len(diags) == 0 {
			errs = append(errs, fmt.Errorf("parse: %w", perr))
		}
		if i := fr.index(SyntaxErrorRuleID); i >= 0 && !fr.setting(i).Enabled {
			diags = nil
		}
	} else {
		for next := 0; next < len(p.runs); {
			next = fr.runFrom(p, next, &errs)
		}
		diags = fr.diags
	}

	kept, unused := Suppress(file, diags, SuppressOptions{
		Known:        p.known,
		Enabled:      fr.enabledFn,
		ReportUnused: fr.enabled(UnusedSuppressionRuleID),
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
		out = append(out, d)
	}
	res.Diagnostics = fr.keep(out)
	res.Err = errors.Join(errs...)
	if timed {
		st.Analyses = fr.timing.spent
		st.Rules = time.Since(t1) - fr.timing.spent
	}
}

// fileRun is one worker's state for the file it lints: the settings of the
// rules for the file, the shared analyses' results and the findings. A
// worker reuses it from file to file, so that the per-file fixed cost is
// not a dozen allocations (a Pass per rule, the findings slice regrowing
// from empty, a results table, closures). Nothing in it but the parser
// keeps anything of the file once it is done (see keep and finish): the
// parser holds the last tree (which points into the file's source) until
// the worker's next file overwrites it, or the worker ends; that is one
// file's tree per worker, reused rather than freed.
type fileRun struct {
	engine *Engine
	// recycler, when set, holds memory of emitted results to reuse for
	// sources and findings.
	recycler *recycler
	plan     *plan
	file     *luaast.File
	// overrides are the indexes of the configuration overrides matching
	// the file (only when the plan has no fixed settings).
	overrides []int
	// settings[i] is rule i's setting for the file when have[i] (with
	// overrides matching the file only).
	settings []RuleSetting
	have     []bool
	timing   analysisTimer
	// diags collects the findings of every rule run on the file.
	diags []Diagnostic
	// results caches the shared analyses for the file.
	results resultList
	// pass is the Pass of the running rule, and analysisPass the one
	// every shared analysis gets: rules run one at a time and a Pass is
	// theirs only while Run runs, so one of each per worker suffices.
	pass, analysisPass Pass
	// rule is the rule running; badSpan its first finding with a span
	// outside the file.
	rule    *Rule
	badSpan error
	// reportFn and enabledFn are fr.report and fr.enabled as func values,
	// made once rather than per file.
	reportFn  func(Diagnostic)
	enabledFn func(string) bool
	scratch   scratch
	// parser parses the worker's files, reusing the memory of the
	// previous tree (which it keeps until then: see above).
	parser luaast.Parser
	// cur is the result being filled, which keeps the line index array
	// the recycler gives the parser (see lineStarts).
	cur *result
}

// lineStarts is fr.parser's LineStarts with a recycler: the line index of
// a result comes from, and goes back to, the recycler with the result
// (an emitted file's index is no longer used once emit returns true).
func (fr *fileRun) lineStarts(n int) []luaast.Pos {
	b := fr.recycler.lineStarts(n)
	fr.cur.lineBuf = b
	return b
}

// start readies fr for file.
func (fr *fileRun) start(e *Engine, p *plan, file *luaast.File, path string) {
	if fr.reportFn == nil {
		fr.reportFn, fr.enabledFn = fr.report, fr.enabled
	}
	fr.engine, fr.plan, fr.file = e, p, file
	fr.overrides = nil
	if p.fixed == nil {
		// Settings are computed on first use, per file only when
		// overrides match it.
		fr.overrides = e.Config.matchingOverrides(path)
		clear(fr.have)
	}
	fr.timing = analysisTimer{}
	fr.diags = fr.diags[:0]
	v := e.Config.Version()
	// Analyses are timed only for Observe (see lint).
	var timing *analysisTimer
	if e.Observe != nil {
		timing = &fr.timing
	}
	fr.analysisPass = Pass{File: file, Version: v, list: &fr.results, report: discard, timing: timing, scratch: &fr.scratch}
	fr.analysisPass.analysisPass = &fr.analysisPass
	fr.pass = Pass{File: file, Version: v, list: &fr.results, report: fr.reportFn, timing: timing, analysisPass: &fr.analysisPass}
}

// finish drops fr's references to the file and its analyses, keeping the
// buffers for the next file. The parser is left as is: luaast.Parser
// clears the previous tree's memory when it parses again (it has no call
// to drop it sooner), so it holds this file's tree until then.
func (fr *fileRun) finish() {
	fr.file, fr.rule, fr.badSpan = nil, nil, nil
	fr.results.reset()
	fr.scratch.release()
	// fr.diags is left as is: findings hold no syntax nodes, only
	// strings and offsets.
	fr.diags = fr.diags[:0]
	fr.pass, fr.analysisPass = Pass{}, Pass{}
}

// keep returns diags sorted and without duplicates (as SortDiagnostics
// does) in a slice of the file's own: diags may be, or lie anywhere
// within, fr's scratch (fr.diags), which the next file overwrites.
//
// Whether it does is not asked (Suppress and the severity filter may
// return any part of the slice they were given): a small result is always
// sorted by index and copied once, in order, to a slice of its own
// (exactly sized, or with a recycler an emitted file's array or a new one
// of its allocation's full capacity), and the scratch stays for the next
// file. Sorting the 96-byte findings
// themselves would move each several times (through write barriers while
// the collector runs), then copy them again. A large result is sorted in
// place and returned rather than copied, and the worker drops its scratch
// in case the result is in it (so a worker does not keep a huge buffer
// either).
func (fr *fileRun) keep(diags []Diagnostic) []Diagnostic {
	switch {
	case len(diags) == 0:
		return nil // not an empty slice of the scratch's memory
	case len(diags) > 256:
		fr.diags = nil
		return SortDiagnostics(diags)
	}
	var buf [256]int32
	order := sortedOrder(diags, buf[:0])
	out := fr.recycler.diagnostics(len(diags))
	for _, i := range order {
		if n := len(out); n > 0 && sameDiagnostic(&out[n-1], &diags[i]) {
			continue
		}
		out = append(out, diags[i])
	}
	return out
}

// sortedOrder returns the indexes of diags in SortDiagnostics's order, in
// buf's memory if it is large enough. Equal findings keep their order
// (the index breaks ties), so the order is the stable sort's; sorting
// 4-byte indexes with the unstable sort is O(n log n) in comparisons and
// moves, where the stable sort of the findings themselves moved 96-byte
// values O(n log² n) times: on a file with 20,000 findings that was 6% of
// the run (TestSortedOrderIsStableSort).
func sortedOrder(diags []Diagnostic, buf []int32) []int32 {
	order := buf[:0]
	if cap(order) < len(diags) {
		order = make([]int32, 0, len(diags))
	}
	for i := range diags {
		order = append(order, int32(i))
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := compareDiagnostics(&diags[a], &diags[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return order
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

// report is every rule's Pass.report for the file.
func (fr *fileRun) report(d Diagnostic) {
	r := fr.rule
	if d.RuleID == "" {
		d.RuleID = r.ID
	}
	if !validDiagnostic(d, len(fr.file.Src)) {
		// Printers index the source with the span: drop the finding
		// rather than crash, and say which rule is at fault.
		if fr.badSpan == nil {
			fr.badSpan = fmt.Errorf("internal error in rule %q: invalid span in finding %q (span [%d, %d) in a %d-byte file, or a related location or fix outside it; please report this bug)", r.ID, d.Message, d.Span.Start, d.Span.End, len(fr.file.Src))
		}
		return
	}
	switch {
	case fr.diags == nil:
		// A typical file has a few findings, so start with room for
		// some rather than regrowing from one.
		fr.diags = make([]Diagnostic, 0, 16)
	case len(fr.diags) == cap(fr.diags):
		// Doubled, where append grows a large slice by a quarter: a
		// big file's tens of thousands of findings would otherwise
		// leave arrays of about four times the final one behind
		// (about 30 MB on a 10 MiB script, with the collector seldom
		// running).
		fr.diags = slices.Grow(fr.diags, len(fr.diags))
	}
	fr.diags = append(fr.diags, d)
}

// runFrom runs the enabled rules of p.runs from the start-th on, adding
// to errs an error for each rule that fails, and returns the index of the
// rule to run after the last one it ran: len(p.runs), or the one after a
// rule that panicked. A panic becomes an error naming the rule; what the
// rule reported before it is kept (the findings are real, only the rest
// of the file is unchecked), and the caller goes on from the next rule.
// One deferred recovery serves every rule of the run, where one per rule
// cost a defer per rule and file.
func (fr *fileRun) runFrom(p *plan, start int, errs *[]error) (next int) {
	i := start
	defer func() {
		if x := recover(); x != nil {
			*errs = append(*errs, fmt.Errorf("internal error in rule %q: %v (at %s; please report this bug)", p.runs[i].rule.ID, x, panicFrame()))
			next = i + 1
		}
	}()
	for ; i < len(p.runs); i++ {
		rr := &p.runs[i]
		s := fr.setting(rr.index)
		if !s.Enabled {
			continue
		}
		// Only the fields that differ from rule to rule are written
		// (start set the others): assigning a whole Pass costs a bulk
		// write barrier while the collector runs.
		fr.rule, fr.badSpan = rr.rule, nil
		fr.pass.Rule, fr.pass.Options = rr.rule, s.Options
		rr.run(&fr.pass)
		if fr.badSpan != nil {
			*errs = append(*errs, fr.badSpan)
		}
	}
	return i
}

func defaultSeverity(id string) Severity {
	switch id {
	case SyntaxErrorRuleID:
		return SeverityError
	case UnusedSuppressionRuleID:
		return SeverityInfo
	}
	return SeverityWarning
}

// validDiagnostic reports whether every span of d (its own, related
// locations, fix edits) lies within a source of n bytes.
func validDiagnostic(d Diagnostic, n int) bool {
	if !validSpan(d.Span, n) {
		return false
	}
	for _, r := range d.Related {
		if !validSpan(r.Span, n) {
			return false
		}
	}
	for _, f := range d.Fixes {
		for _, e := range f.Edits {
			if !validSpan(e.Span, n) {
				return false
			}
		}
	}
	return true
}

// validSpan reports whether sp lies within a source of n bytes.
func validSpan(sp luaast.Span, n int) bool {
	return sp.Start >= 0 && sp.End >= sp.Start && int(sp.End) <= n
}

// panicFrame returns the function and file:line that panicked (the first
// frame below panic outside the runtime), to make an internal-error report
// actionable without a full stack dump.
func panicFrame() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic(") {
			continue
		}
		for j := i + 2; j+1 < len(lines); j += 2 {
			fn := lines[j]
			if strings.HasPrefix(fn, "runtime.") {
				continue
			}
			if k := strings.LastIndex(fn, "("); k > 0 {
				fn = fn[:k]
			}
			loc := strings.Fields(lines[j+1])
			if len(loc) == 0 {
				break
			}
			return fn + " " + loc[0]
		}
	}
	return "unknown location"
}

// syntaxDiagnostics turns a parse error into syntax-error findings: every
// error of an ErrorList (the parser decides how many it reports), or one
// for a lone *Error.
func syntaxDiagnostics(err error, src []byte) []Diagnostic {
	var list luaast.ErrorList
	var single *luaast.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &single):
		list = luaast.ErrorList{single}
	default:
		return nil
	}
	var out []Diagnostic
	for _, e := range list {
		if e == nil {
			continue
		}
		start, end := e.Pos, e.End
		if start < 0 || int(start) > len(src) {
			start = luaast.Pos(len(src))
		}
		if end < start || int(end) > len(src) {
			end = start
		}
		out = append(out, Diagnostic{
			RuleID:   SyntaxErrorRuleID,
			Severity: 0,
			Message:  lua52Message(e.Msg) + templateHint(src, start) + lastStatementHint(e.Msg, src, start) + gluedKeywordHint(e.Msg, src, start) + placeholderHint(src, start),
			Span:     luaast.Span{Start: start, End: end},
		})
	}
	return out
}

// lua52VersionRe matches the parser's "is Lua 5.N syntax: Redis runs Lua
// 5.1" wording for a construct of a later Lua. It is compiled on first use
// (only syntax errors need it) rather than at start-up.
var lua52VersionRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(` is Lua 5\.([234]) syntax: Redis runs Lua 5\.1`)
})

// lua52Message words a later-Lua construct's parse error as the rule
// reference does ("... is Lua 5.2+ syntax: Redis runs Lua 5.1"), keeping
// the version that added the construct when it is not 5.2.
func lua52Message(msg string) string {
	if !strings.Contains(msg, " syntax: Redis runs Lua 5.1") {
		return msg
	}
	re := lua52VersionRe()
	return re.ReplaceAllStringFunc(msg, func(m string) string {
		if n := re.FindStringSubmatch(m)[1]; n != "2" {
			return " (Lua 5." + n + ") is Lua 5.2+ syntax: Redis runs Lua 5.1"
		}
		return " is Lua 5.2+ syntax: Redis runs Lua 5.1"
	})
}

// templateHint explains a syntax error on a line that is a template
// directive rather than Lua: script loaders of some libraries render the
// file (ERB's `<%= include_partial "x" %>`, Jinja's `{% include %}`)
// before it reaches Redis, so the file as stored is not a script. The
// hint is empty for any other line.
func templateHint(src []byte, pos luaast.Pos) string {
	if int(pos) > len(src) {
		return ""
	}
	lineStart := bytes.LastIndexByte(src[:pos], '\n') + 1
	line := src[lineStart:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimSpace(line)
	for _, open := range []string{"<%", "{%", "{{"} {
		if bytes.HasPrefix(line, []byte(open)) {
			return ": the line is a template directive, not Lua; lint the rendered script, or exclude the template with the configuration's exclude globs"
		}
	}
	return ""
}

// lastStatementHint explains "'end' expected ... near 'x'" right after a
// line that is a return or break statement: Lua 5.1 accepts no statement
// after them in a block, so code written there is an error, not merely
// unreachable. Empty for any other error.
func lastStatementHint(msg string, src []byte, pos luaast.Pos) string {
	if !strings.Contains(msg, "expected") || int(pos) > len(src) {
		return ""
	}
	// The previous non-blank line, ignoring a trailing "-- comment".
	end := bytes.LastIndexByte(src[:pos], '\n')
	for end > 0 {
		start := bytes.LastIndexByte(src[:end], '\n') + 1
		line := src[start:end]
		if i := bytes.Index(line, []byte("--")); i >= 0 {
			line = line[:i]
		}
		line = bytes.TrimRight(bytes.TrimSpace(line), ";")
		if len(line) == 0 {
			end = start - 1
			continue
		}
		first := line
		if i := bytes.IndexAny(line, " \t("); i >= 0 {
			first = line[:i]
		}
		switch string(first) {
		case "return":
			return " (in Lua 5.1 'return' must be the last statement of its block, so nothing may follow it: remove the code after it, or write 'do return ... end' to return early)"
		case "break":
			return " (in Lua 5.1 'break' must be the last statement of its block, so nothing may follow it: remove the code after it, or write 'do break end' to leave early)"
		}
		return ""
	}
	return ""
}

// SortDiagnostics sorts diags by position (line and column follow byte
// offsets), rule ID, end and message, and
// removes exact duplicates (same rule, span and message).
func SortDiagnostics(diags []Diagnostic) []Diagnostic {
	order := sortedOrder(diags, nil)
	// Put diags[order[i]] at i, in place, one cycle of the permutation at
	// a time: a copy of a big file's findings would double their memory.
	// A position done is marked by order[j] = j.
	for i := range order {
		if int(order[i]) == i {
			continue
		}
		tmp := diags[i]
		j := i
		for {
			k := int(order[j])
			order[j] = int32(j)
			if k == i {
				diags[j] = tmp
				break
			}
			diags[j] = diags[k]
			j = k
		}
	}
	return dropRepeats(diags)
}

// dropRepeats removes, in place, each finding equal to the one before it
// in sorted diags (sameDiagnostic).
func dropRepeats(diags []Diagnostic) []Diagnostic {
	out := diags[:0]
	for i := range diags {
		if i > 0 && sameDiagnostic(&out[len(out)-1], &diags[i]) {
			continue
		}
		out = append(out, diags[i])
	}
	return out
}

// compareDiagnostics orders findings for SortDiagnostics.
func compareDiagnostics(a, b *Diagnostic) int {
	if c := cmp.Compare(a.Span.Start, b.Span.Start); c != 0 {
		return c
	}
	if c := strings.Compare(a.RuleID, b.RuleID); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Span.End, b.Span.End); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}

// sameDiagnostic reports whether a and b are duplicates: same rule, span
// and message.
func sameDiagnostic(a, b *Diagnostic) bool {
	return a.RuleID == b.RuleID && a.Span == b.Span && a.Message == b.Message
}

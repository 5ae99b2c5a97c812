package lint

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Script loaders (BullMQ's, and those of `-- $include(x.lua)`) assemble
// the script Redis receives from a file and the files its include
// directives name: each directive line is replaced by the named file,
// itself assembled, and each file is pasted once. Linted alone, the
// pieces are fragments (see analyzer.ScriptInfo.Fragment), on which the
// rules that judge a whole script's names hold back; the engine also
// lints the script assembled, so those rules run on what Redis runs.
// Findings are reported at their place in the file they come from: the
// including file's own are its findings (in place of those of the file
// alone), those of an included helper are reported once for the helper,
// whichever scripts include it (see includedFindings).

// maxIncludeDepth bounds the nesting of include directives.
const maxIncludeDepth = 16

// segment is a run of the assembled text copied from one file.
type segment struct {
	at, n int // in the assembled text
	file  int // index in assembled.files
	off   int // in that file
}

// assembled is a script assembled from its include directives.
type assembled struct {
	src   []byte
	segs  []segment
	files []includedFile // files[0] is the including file
}

// includedFile is one file of an assembled script.
type includedFile struct {
	path string // as shown (slash-separated)
	src  []byte
}

// assembler builds one assembled script.
type assembler struct {
	out      assembled
	seen     map[string]bool
	includes []*regexp.Regexp
	limit    int64
}

// assemble returns the script at path (src) assembled from its include
// directives, and false when it has none, when one names no readable
// regular file, or when the result would exceed limit bytes.
func assemble(p string, src []byte, includes []*regexp.Regexp, limit int64) (*assembled, bool) {
	if !bytes.Contains(src, []byte("include")) {
		return nil, false
	}
	a := &assembler{seen: map[string]bool{filepath.Clean(filepath.FromSlash(p)): true}, includes: includes, limit: limit}
	a.out.files = []includedFile{{path: p, src: src}}
	n, ok := a.paste(0, 0)
	if !ok || n == 0 {
		return nil, false
	}
	return &a.out, true
}

// paste appends file fi to the assembled text, its directives replaced by
// the files they name; it returns how many directives it replaced.
func (a *assembler) paste(fi, depth int) (int, bool) {
	f := a.out.files[fi]
	dir := path.Dir(f.path)
	replaced := 0
	for off := 0; off < len(f.src); {
		end := len(f.src)
		if i := bytes.IndexByte(f.src[off:], '\n'); i >= 0 {
			end = off + i + 1
		}
		line := f.src[off:end]
		if target, ok := a.directive(line); ok {
			inc, found := a.resolve(dir, target)
			if !found {
				return 0, false
			}
			replaced++
			if !a.seen[inc] {
				a.seen[inc] = true
				if depth >= maxIncludeDepth {
					return 0, false
				}
				data, err := readIncluded(inc, a.limit)
				if err != nil {
					return 0, false
				}
				a.out.files = append(a.out.files, includedFile{path: filepath.ToSlash(inc), src: data})
				if _, ok := a.paste(len(a.out.files)-1, depth+1); !ok {
					return 0, false
				}
				if len(data) > 0 && data[len(data)-1] != '\n' {
					a.out.src = append(a.out.src, '\n')
				}
			}
			off = end
			continue
		}
		a.copy(fi, off, end)
		if int64(len(a.out.src)) > a.limit {
			return 0, false
		}
		off = end
	}
	return replaced, true
}

// copy appends bytes [from, to) of file fi.
func (a *assembler) copy(fi, from, to int) {
	if to <= from {
		return
	}
	if n := len(a.out.segs); n > 0 {
		last := &a.out.segs[n-1]
		if last.file == fi && last.off+last.n == from && last.at+last.n == len(a.out.src) {
			last.n += to - from
			a.out.src = append(a.out.src, a.out.files[fi].src[from:to]...)
			return
		}
	}
	a.out.segs = append(a.out.segs, segment{at: len(a.out.src), n: to - from, file: fi, off: from})
	a.out.src = append(a.out.src, a.out.files[fi].src[from:to]...)
}

// directive returns the target of line when it is an include directive
// alone on its line (a line comment).
func (a *assembler) directive(line []byte) (string, bool) {
	t := bytes.TrimSpace(line)
	if !bytes.HasPrefix(t, []byte("--")) || bytes.HasPrefix(t, []byte("--[")) {
		return "", false
	}
	return analyzer.IncludeTarget(string(t[2:]), a.includes)
}

// resolve finds the file a directive names, as loaders do: relative to
// the including file's folder or its includes/ folder, with or without
// ".lua".
func (a *assembler) resolve(dir, target string) (string, bool) {
	for _, base := range []string{dir, path.Join(dir, "includes")} {
		for _, name := range []string{target, target + ".lua"} {
			p := filepath.Clean(filepath.FromSlash(path.Join(base, name)))
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return p, true
			}
		}
	}
	return "", false
}

// readIncluded reads an included file, within the size limit.
func readIncluded(p string, limit int64) ([]byte, error) {
	data, err := readFileInto(p, limit)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	return data, nil
}

// locate maps a span of the assembled text to its file and the span in
// that file; a span running past its segment is cut at the segment's end.
func (as *assembled) locate(s luaast.Span) (int, luaast.Span) {
	i := sort.Search(len(as.segs), func(i int) bool { return as.segs[i].at+as.segs[i].n > int(s.Start) })
	if i == len(as.segs) {
		if len(as.segs) == 0 {
			return 0, luaast.Span{}
		}
		i = len(as.segs) - 1
	}
	seg := as.segs[i]
	start := seg.off + max(int(s.Start)-seg.at, 0)
	start = min(start, seg.off+seg.n)
	end := seg.off + min(max(int(s.End)-seg.at, 0), seg.n)
	end = max(end, start)
	return seg.file, luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)}
}

// includedFindings gathers, over one run, the findings that assembled
// scripts place in the files they include, each once, and the findings
// those files got when linted alone (so that none is reported twice).
type includedFindings struct {
	mu    sync.Mutex
	files map[string]*includedResult
}

// includedResult is what the run knows of one included file.
type includedResult struct {
	src   []byte
	found map[findingKey]analyzer.Diagnostic
	alone map[findingKey]bool
	// linted is set when the file was a source of the run.
	linted bool
}

// findingKey identifies a finding within a file.
type findingKey struct {
	rule, msg  string
	start, end luaast.Pos
}

func keyOf(d analyzer.Diagnostic) findingKey {
	return findingKey{d.RuleID, d.Message, d.Span.Start, d.Span.End}
}

func (inc *includedFindings) entry(p string) *includedResult {
	if inc.files == nil {
		inc.files = map[string]*includedResult{}
	}
	r := inc.files[p]
	if r == nil {
		r = &includedResult{found: map[findingKey]analyzer.Diagnostic{}, alone: map[findingKey]bool{}}
		inc.files[p] = r
	}
	return r
}

// add records a finding an assembled script places in the included file
// p (content src).
func (inc *includedFindings) add(p string, src []byte, d analyzer.Diagnostic) {
	inc.mu.Lock()
	defer inc.mu.Unlock()
	r := inc.entry(p)
	r.src = src
	if _, ok := r.found[keyOf(d)]; !ok {
		r.found[keyOf(d)] = d
	}
}

// linted records the findings of a helper file linted as a source.
func (inc *includedFindings) linted(p string, diags []analyzer.Diagnostic) {
	inc.mu.Lock()
	defer inc.mu.Unlock()
	r := inc.entry(p)
	r.linted = true
	for _, d := range diags {
		r.alone[keyOf(d)] = true
	}
}

// results returns, sorted by path, a result for each included file with
// the findings not reported for it already.
func (inc *includedFindings) results() []FileResult {
	inc.mu.Lock()
	defer inc.mu.Unlock()
	var out []FileResult
	for p, r := range inc.files {
		var diags []analyzer.Diagnostic
		for k, d := range r.found {
			if !r.alone[k] {
				diags = append(diags, d)
			}
		}
		if len(diags) == 0 || r.src == nil {
			continue
		}
		out = append(out, FileResult{Path: p, Src: r.src, Lines: luaast.NewLineIndex(r.src), Diagnostics: analyzer.SortDiagnostics(diags)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// notInIncluded reports whether findings of the rule in an included file,
// seen from one script that includes it, are not problems of the file: a
// helper library's functions that this script does not call, and
// directives meant for the other scripts.
func notInIncluded(rule string) bool {
	return rule == "unused-variable" || rule == analyzer.UnusedSuppressionRuleID
}

// lintAssembled lints the script of r assembled from its include
// directives, when it has any that name files: r's findings become those
// the assembled script has in r's file, and those it has in the included
// files go to store (nil: dropped). A script whose assembly does not
// parse keeps the findings of the file alone.
func (e *Engine) lintAssembled(p *plan, r *result, store *includedFindings) {
	res := &r.FileResult
	as, ok := assemble(res.Path, res.Src, e.Config.includeDirectivesOf(), e.Config.maxFileSize())
	if !ok {
		return
	}
	ar := new(result)
	ar.Path, ar.Src = res.Path, as.src
	e.safeLint(p, new(fileRun), ar, &FileStats{})
	if ar.Err != nil {
		return
	}
	for _, d := range ar.Diagnostics {
		if d.RuleID == analyzer.SyntaxErrorRuleID {
			return
		}
	}
	var mine []analyzer.Diagnostic
	for _, d := range ar.Diagnostics {
		fi, md := as.mapDiagnostic(d)
		switch {
		case fi == 0:
			mine = append(mine, md)
		case store != nil && !notInIncluded(d.RuleID):
			f := as.files[fi]
			store.add(f.path, f.src, md)
		}
	}
	res.Diagnostics = analyzer.SortDiagnostics(mine)
}

// mapDiagnostic maps a finding of the assembled script into the file it
// lies in; related locations and fixes in other files are dropped.
func (as *assembled) mapDiagnostic(d analyzer.Diagnostic) (int, analyzer.Diagnostic) {
	fi, sp := as.locate(d.Span)
	out := d
	out.Span = sp
	out.Related = nil
	for _, rel := range d.Related {
		if rf, rs := as.locate(rel.Span); rf == fi {
			out.Related = append(out.Related, analyzer.Related{Span: rs, Message: rel.Message})
		}
	}
	out.Fixes = nil
fixes:
	for _, f := range d.Fixes {
		nf := f
		nf.Edits = nil
		for _, ed := range f.Edits {
			ef, es := as.locate(ed.Span)
			if ef != fi {
				continue fixes
			}
			nf.Edits = append(nf.Edits, analyzer.Edit{Span: es, NewText: ed.NewText})
		}
		out.Fixes = append(out.Fixes, nf)
	}
	return fi, out
}

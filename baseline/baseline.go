// Package baseline records the findings a project has accepted, in a
// baseline file, and filters them out of later runs, so that a linter
// adopted on an existing code base reports only what is new.
//
// A finding is matched by its rule ID and its fingerprint (Fingerprint):
// the sha256 of the rule ID and the text of the finding's first line with
// white space collapsed. Unlike the SARIF and GitLab fingerprints
// (internal/fingerprint), it leaves out the path and the occurrence
// index, so a finding keeps it when lines are added above it, when its
// function moves within the file, and when the file is renamed or moved
// to another folder. Findings with the same rule and fingerprint are
// interchangeable: a baseline holding one N times absorbs at most N of
// them. The recorded path only breaks ties: entries of the finding's own
// path are used first, so that when a finding does go away it is the
// entry of its file that is reported as no longer matching.
package baseline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/fingerprint"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Version is the version of the file format this package reads and
// writes.
const Version = 1

// FingerprintScheme names how Entry.Fingerprint is computed; it is written
// into the file so that a reader can tell fingerprints of another scheme.
const FingerprintScheme = "sha256(rule NUL normalised-line-text)"

// Baseline is the content of a baseline file.
type Baseline struct {
	// Version is the file format's version (Version).
	Version int `json:"version"`
	// Tool is the program that wrote the file.
	Tool string `json:"tool,omitempty"`
	// Fingerprint names the fingerprint scheme (FingerprintScheme).
	Fingerprint string `json:"fingerprintScheme,omitempty"`
	// Findings are the accepted findings, sorted (see Sort).
	Findings []Entry `json:"findings"`
}

// Entry is one accepted finding.
type Entry struct {
	// Rule is the rule's ID.
	Rule string `json:"rule"`
	// Fingerprint identifies the finding within its rule (see
	// Fingerprint): 64 hex digits.
	Fingerprint string `json:"fingerprint"`
	// Path is the file the finding was in when the baseline was written,
	// slash-separated, relative to the baseline file's directory where
	// possible. It only breaks ties between entries of one fingerprint.
	Path string `json:"path"`
	// Message is the finding's message, for the reader of the file; it
	// takes no part in matching.
	Message string `json:"message,omitempty"`
}

// Fingerprint returns the matching key of a finding of rule that starts
// at start in src (lines is src's line index; with src nil the line text
// is empty).
func Fingerprint(rule string, src []byte, lines *luaast.LineIndex, start luaast.Pos) string {
	var line []byte
	if src != nil {
		if lines == nil {
			lines = luaast.NewLineIndex(src)
		}
		line = fingerprint.Line(src, lines, lines.Position(start).Line)
	}
	buf := make([]byte, 0, len(rule)+1+len(line))
	buf = append(buf, rule...)
	buf = append(buf, 0)
	buf = fingerprint.AppendNormalizedSpace(buf, line)
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:])
}

// FromResults returns the baseline that accepts every finding of results.
// pathOf maps a result's path to the path to record (nil: as it is).
func FromResults(tool string, results []lint.FileResult, pathOf func(string) string) *Baseline {
	b := &Baseline{Version: Version, Tool: tool, Fingerprint: FingerprintScheme, Findings: []Entry{}}
	for i := range results {
		r := &results[i]
		path := mapPath(pathOf, r.Path)
		for j := range r.Diagnostics {
			d := &r.Diagnostics[j]
			b.Findings = append(b.Findings, Entry{
				Rule:        d.RuleID,
				Fingerprint: Fingerprint(d.RuleID, r.Src, r.Lines, d.Span.Start),
				Path:        path,
				Message:     d.Message,
			})
		}
	}
	b.Sort()
	return b
}

func mapPath(pathOf func(string) string, p string) string {
	if pathOf == nil {
		return p
	}
	return pathOf(p)
}

// Sort puts the entries in their canonical order: by path, rule,
// fingerprint and message.
func (b *Baseline) Sort() {
	slices.SortFunc(b.Findings, func(x, y Entry) int {
		return cmp.Or(
			cmp.Compare(x.Path, y.Path),
			cmp.Compare(x.Rule, y.Rule),
			cmp.Compare(x.Fingerprint, y.Fingerprint),
			cmp.Compare(x.Message, y.Message),
		)
	})
}

// Encode writes b as indented JSON ending in a newline. The same baseline always gives the same bytes.
func (b *Baseline) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b)
}

// Result is what matching a run's results against a baseline gives.
type Result struct {
	// Results are the run's results without the findings the baseline
	// accepts (every file stays, possibly with no finding).
	Results []lint.FileResult
	// Known counts the findings left out.
	Known int
	// Stale are the entries no finding matched whose file was checked or
	// no longer exists, in the baseline's order: the findings fixed.
	Stale []Entry
	// Unchecked are the entries no finding matched whose file exists but
	// was not checked (a run on part of the tree, a pre-commit hook given
	// the staged files): not known to be fixed.
	Unchecked []Entry
}

// entryKey groups the interchangeable entries.
type entryKey struct{ rule, fingerprint string }

// Filter matches results against b. Each entry absorbs at most one
// finding of its rule and fingerprint: first findings of the entry's own
// path, then findings anywhere (a file moved to another folder). pathOf
// maps a result's path as FromResults was given it (nil: as it is);
// exists reports whether the file at an entry's path exists (nil: every
// file does). Neither b nor results is modified.
func (b *Baseline) Filter(results []lint.FileResult, pathOf func(string) string, exists func(string) bool) Result {
	var items []item
	checked := map[string]bool{}
	for i := range results {
		r := &results[i]
		path := mapPath(pathOf, r.Path)
		checked[path] = true
		for j := range r.Diagnostics {
			d := &r.Diagnostics[j]
			items = append(items, item{entryKey{d.RuleID, Fingerprint(d.RuleID, r.Src, r.Lines, d.Span.Start)}, path})
		}
	}
	known, unused := b.match(items)

	out := Result{Results: make([]lint.FileResult, len(results))}
	for _, e := range unused {
		if checked[e.Path] || exists != nil && !exists(e.Path) {
			out.Stale = append(out.Stale, e)
		} else {
			out.Unchecked = append(out.Unchecked, e)
		}
	}
	next := 0 // the index in items of results[i]'s first finding
	for i := range results {
		out.Results[i] = results[i]
		diags := results[i].Diagnostics
		k := known[next : next+len(diags)]
		next += len(diags)
		n := 0
		for _, ok := range k {
			if ok {
				n++
			}
		}
		if n == 0 {
			continue
		}
		out.Known += n
		kept := make([]analyzer.Diagnostic, 0, len(diags)-n)
		for j, ok := range k {
			if !ok {
				kept = append(kept, diags[j])
			}
		}
		out.Results[i].Diagnostics = kept
	}
	return out
}

// item is a finding to match: its key and path.
type item struct {
	key  entryKey
	path string
}

// match pairs items with b's entries and returns which items an entry
// absorbed and the entries left unused. Items take entries of their own
// path first, in a pass of their own, so that no item takes the entry
// another file's identical finding needs; then entries of any path.
// Within one key every pairing is as good (the counts are what
// matter), so the first unused entry is taken.
func (b *Baseline) match(items []item) (known []bool, stale []Entry) {
	byKey := make(map[entryKey][]int, len(b.Findings))
	byPath := make(map[item][]int, len(b.Findings))
	for i, e := range b.Findings {
		k := entryKey{e.Rule, e.Fingerprint}
		byKey[k] = append(byKey[k], i)
		byPath[item{k, e.Path}] = append(byPath[item{k, e.Path}], i)
	}
	used := make([]bool, len(b.Findings))
	// take uses the first unused entry of list and reports whether there
	// was one; it returns the list without the entries it passed.
	take := func(list []int) ([]int, bool) {
		for len(list) > 0 {
			i := list[0]
			list = list[1:]
			if !used[i] {
				used[i] = true
				return list, true
			}
		}
		return list, false
	}
	known = make([]bool, len(items))
	for i, it := range items {
		if list, ok := byPath[it]; ok {
			byPath[it], known[i] = take(list)
		}
	}
	for i, it := range items {
		if !known[i] {
			if list, ok := byKey[it.key]; ok {
				byKey[it.key], known[i] = take(list)
			}
		}
	}
	for i, u := range used {
		if !u {
			stale = append(stale, b.Findings[i])
		}
	}
	return known, stale
}

// Error is a problem in a baseline file, at a line and column (1-based;
// 0 when unknown).
type Error struct {
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
}

// Parse reads a baseline file's content. Its errors are *Error, at the
// place of the problem.
func Parse(data []byte) (*Baseline, error) {
	p := parser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.DisallowUnknownFields()
	b, err := p.parse()
	if err != nil {
		return nil, err
	}
	return b, nil
}

// parser reads a baseline with a JSON token stream, so that each error
// can name the place of its value.
type parser struct {
	data []byte
	dec  *json.Decoder
}

func (p *parser) parse() (*Baseline, error) {
	b := &Baseline{}
	if err := p.delim('{', "a baseline is a JSON object"); err != nil {
		return nil, err
	}
	versionAt := -1
	seen := map[string]bool{}
	for p.dec.More() {
		keyAt := p.next()
		tok, err := p.dec.Token()
		if err != nil {
			return nil, p.jsonError(err, keyAt)
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, p.errorAt(keyAt, "%q given twice", key)
		}
		seen[key] = true
		at := p.next()
		switch key {
		case "version":
			versionAt = at
			err = p.dec.Decode(&b.Version)
		case "tool":
			err = p.dec.Decode(&b.Tool)
		case "fingerprintScheme":
			err = p.dec.Decode(&b.Fingerprint)
		case "findings":
			err = p.findings(b)
		default:
			return nil, p.errorAt(keyAt, "unknown field %q (known: version, tool, fingerprintScheme, findings)", key)
		}
		if err != nil {
			return nil, p.jsonError(err, at)
		}
	}
	if err := p.delim('}', "end of the object expected"); err != nil {
		return nil, err
	}
	if at := p.next(); at < len(p.data) {
		return nil, p.errorAt(at, "unexpected text after the baseline's object")
	}
	switch {
	case versionAt < 0:
		return nil, p.errorAt(0, "no \"version\": not a redis-lua-lint baseline")
	case b.Version != Version:
		return nil, p.errorAt(versionAt, "unsupported baseline version %d (this redis-lua-lint reads version %d)", b.Version, Version)
	case b.Fingerprint != "" && b.Fingerprint != FingerprintScheme:
		return nil, p.errorAt(0, "fingerprints of another scheme (%q, not %q): write the baseline again", b.Fingerprint, FingerprintScheme)
	case !seen["findings"]:
		return nil, p.errorAt(0, "no \"findings\"")
	}
	if b.Findings == nil {
		b.Findings = []Entry{}
	}
	return b, nil
}

// findings reads the findings array into b.
func (p *parser) findings(b *Baseline) error {
	if err := p.delim('[', "\"findings\" is an array"); err != nil {
		return err
	}
	for p.dec.More() {
		at := p.next()
		var e Entry
		if err := p.dec.Decode(&e); err != nil {
			return p.jsonError(err, at)
		}
		switch {
		case e.Rule == "":
			return p.errorAt(at, "finding without a \"rule\"")
		case !isFingerprint(e.Fingerprint):
			return p.errorAt(at, "finding of %s: \"fingerprint\" must be 64 hex digits, not %q", e.Rule, e.Fingerprint)
		}
		b.Findings = append(b.Findings, e)
	}
	return p.delim(']', "end of the findings array expected")
}

// delim reads the delimiter d, failing with msg.
func (p *parser) delim(d json.Delim, msg string) error {
	at := p.next()
	tok, err := p.dec.Token()
	if err != nil {
		return p.jsonError(err, at)
	}
	if tok != d {
		return p.errorAt(at, "%s", msg)
	}
	return nil
}

// next returns the offset of the next token: the decoder's offset past
// white space and separators.
func (p *parser) next() int {
	i := int(p.dec.InputOffset())
	for i < len(p.data) {
		switch p.data[i] {
		case ' ', '\t', '\r', '\n', ',', ':':
			i++
			continue
		}
		break
	}
	return i
}

// jsonError converts an error of the decoder into an *Error, at the
// offset the error names or else at.
func (p *parser) jsonError(err error, at int) error {
	var perr *Error
	if errors.As(err, &perr) {
		return err
	}
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return p.errorAt(int(syn.Offset), "invalid JSON: %s", syn.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.errorAt(len(p.data), "unexpected end of the file")
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		what := ""
		if typ.Field != "" {
			what = fmt.Sprintf("%q: ", typ.Field)
		}
		return p.errorAt(at, "%sa JSON %s where %s is expected", what, typ.Value, jsonKind(typ.Type))
	}
	return p.errorAt(at, "%v", err)
}

// errorAt returns an *Error at byte offset off.
func (p *parser) errorAt(off int, format string, args ...any) *Error {
	off = min(max(off, 0), len(p.data))
	line := 1 + bytes.Count(p.data[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(p.data[:off], '\n') + 1) + 1
	return &Error{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// jsonKind names what JSON value decodes into a value of type t.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

func isFingerprint(s string) bool {
	if len(s) != 2*sha256.Size {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

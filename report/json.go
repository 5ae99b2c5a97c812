package report

import (
	"io"
	"sort"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/jsonw"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// JSONVersion is the version of the JSON schema JSON writes. It changes
// only when a field is removed or its meaning changes; new fields may be
// added without a new version.
const JSONVersion = 1

// JSONReport is the document JSON writes; see the package documentation
// for the schema.
type JSONReport struct {
	Version int        `json:"version"`
	Files   []JSONFile `json:"files"`
	Summary Summary    `json:"summary"`
	Rules   []JSONRule `json:"rules"`
}

// JSONFile is one input file and its findings.
type JSONFile struct {
	Path        string           `json:"path"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
	// Error is set when the file could not be read or fully analysed.
	Error string `json:"error,omitempty"`
}

// JSONRange is a source range. Lines and columns are 1-based, columns
// count bytes; the end is exclusive (the position just after the last
// byte). Offsets are 0-based byte offsets into the file, end exclusive.
// Line and column are 0 when the file's source is not available.
type JSONRange struct {
	Line      int `json:"line"`
	Column    int `json:"column"`
	EndLine   int `json:"endLine"`
	EndColumn int `json:"endColumn"`
	Offset    int `json:"offset"`
	EndOffset int `json:"endOffset"`
}

// JSONDiagnostic is one finding.
type JSONDiagnostic struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	JSONRange
	Related []JSONRelated `json:"related"`
	Fixes   []JSONFix     `json:"fixes"`
}

// JSONRelated is a secondary location of a finding.
type JSONRelated struct {
	Message string `json:"message"`
	JSONRange
}

// JSONFix is a suggested fix: edits to apply together.
type JSONFix struct {
	Message string `json:"message"`
	// Safe marks a fix `check --fix` applies (analyzer.Fix.Safe).
	Safe  bool       `json:"safe"`
	Edits []JSONEdit `json:"edits"`
}

// JSONEdit replaces the range with NewText.
type JSONEdit struct {
	JSONRange
	NewText string `json:"newText"`
}

// JSONRule describes a rule that was run.
type JSONRule struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Severity  string   `json:"severity"`
	Tags      []string `json:"tags"`
	Precision string   `json:"precision,omitempty"`
}

// JSON writes results and the rules that were run as one indented JSON
// document (see the package documentation for the schema). The bytes are
// exactly what encoding/json would write for BuildJSON's document with a
// two-space indent and no HTML escaping; they are produced directly,
// because reflection made 100k findings take most of a second.
func JSON(w io.Writer, results []lint.FileResult, rules []*analyzer.Rule) error {
	s := NewJSONStream(w, rules)
	for i := range results {
		if err := s.File(&results[i]); err != nil {
			return err
		}
	}
	return s.Close()
}

// NewJSONStream returns a Stream writing what JSON writes. A write error
// is returned by Close (File returns nil): the document is buffered and
// written in chunks, and the first failing write stops the output.
func NewJSONStream(w io.Writer, rules []*analyzer.Rule) Stream {
	return &jsonStream{w: jsonw.NewWriter(w), rules: rules}
}

// BuildJSON returns the document JSON writes, for callers that embed it.
func BuildJSON(results []lint.FileResult, rules []*analyzer.Rule) *JSONReport {
	doc := &JSONReport{
		Version: JSONVersion,
		Files:   make([]JSONFile, 0, len(results)),
		Summary: Summarize(results),
		Rules:   make([]JSONRule, 0, len(rules)),
	}
	for i := range results {
		doc.Files = append(doc.Files, jsonFile(&results[i]))
	}
	for _, r := range rules {
		if r == nil {
			continue
		}
		tags := r.Doc.Tags
		if tags == nil {
			tags = []string{}
		}
		doc.Rules = append(doc.Rules, JSONRule{
			ID:        r.ID,
			Title:     r.Doc.Title,
			Severity:  severityName(r.Severity),
			Tags:      tags,
			Precision: r.Doc.Precision,
		})
	}
	sort.SliceStable(doc.Rules, func(i, j int) bool { return doc.Rules[i].ID < doc.Rules[j].ID })
	return doc
}

func jsonFile(r *lint.FileResult) JSONFile {
	f := JSONFile{Path: r.Path, Diagnostics: make([]JSONDiagnostic, 0, len(r.Diagnostics))}
	if r.Err != nil {
		f.Error = r.Err.Error()
	}
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		jd := JSONDiagnostic{
			Rule:      d.RuleID,
			Severity:  severityName(d.Severity),
			Message:   d.Message,
			JSONRange: jsonRange(lines, d.Span),
			Related:   make([]JSONRelated, 0, len(d.Related)),
			Fixes:     make([]JSONFix, 0, len(d.Fixes)),
		}
		for _, rel := range d.Related {
			jd.Related = append(jd.Related, JSONRelated{Message: rel.Message, JSONRange: jsonRange(lines, rel.Span)})
		}
		for _, fx := range d.Fixes {
			jf := JSONFix{Message: fx.Message, Safe: fx.Safe, Edits: make([]JSONEdit, 0, len(fx.Edits))}
			for _, e := range fx.Edits {
				jf.Edits = append(jf.Edits, JSONEdit{JSONRange: jsonRange(lines, e.Span), NewText: e.NewText})
			}
			jd.Fixes = append(jd.Fixes, jf)
		}
		f.Diagnostics = append(f.Diagnostics, jd)
	}
	return f
}

func jsonRange(lines *luaast.LineIndex, s luaast.Span) JSONRange {
	start, end := s.Start, s.End
	if end < start {
		end = start
	}
	if lines == nil {
		return JSONRange{Offset: int(start), EndOffset: int(end)}
	}
	a, b := lines.Position(start), lines.Position(end)
	return JSONRange{
		Line: a.Line, Column: a.Column, EndLine: b.Line, EndColumn: b.Column,
		Offset: int(a.Offset), EndOffset: int(b.Offset),
	}
}

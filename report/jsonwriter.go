package report

import (
	"fmt"
	"sort"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/jsonw"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// jsonStream writes the document BuildJSON returns (JSON's Stream), one
// file at a time: the files come first in the document, and the summary
// that follows them is counted as they go. Members are written in the
// order of the JSONReport types' fields; TestJSONMatchesEncodingJSON
// keeps the two in step.
type jsonStream struct {
	w       *jsonw.Writer
	rules   []*analyzer.Rule
	summary Summary
	// begun is set once the document's head is written.
	begun bool
}

func (s *jsonStream) begin() {
	if s.begun {
		return
	}
	s.begun = true
	s.w.BeginObject()
	s.w.IntMember("version", JSONVersion)
	s.w.Key("files")
	s.w.BeginArray()
}

func (s *jsonStream) File(r *lint.FileResult) error {
	s.begin()
	writeJSONFile(s.w, r)
	addFile(&s.summary, r)
	return nil
}

func (s *jsonStream) Close() error {
	s.end()
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("writing JSON report: %w", err)
	}
	return nil
}

func (s *jsonStream) end() {
	s.begin()
	w, sum := s.w, s.summary
	w.EndArray()
	w.Key("summary")
	w.BeginObject()
	w.IntMember("errors", sum.Errors)
	w.IntMember("warnings", sum.Warnings)
	w.IntMember("infos", sum.Infos)
	w.IntMember("files", sum.Files)
	w.IntMember("filesWithFindings", sum.FilesWithFindings)
	w.IntMember("filesWithErrorFindings", sum.FilesWithErrorFindings)
	w.IntMember("filesNotChecked", sum.FilesNotChecked)
	w.IntMember("filesWithErrors", sum.FilesWithErrors) // deprecated: filesNotChecked
	w.EndObject()
	w.Key("rules")
	w.BeginArray()
	sorted := make([]*analyzer.Rule, 0, len(s.rules))
	for _, r := range s.rules {
		if r != nil {
			sorted = append(sorted, r)
		}
	}
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for _, r := range sorted {
		w.BeginObject()
		w.StringMember("id", r.ID)
		w.StringMember("title", r.Doc.Title)
		w.StringMember("severity", severityName(r.Severity))
		w.Key("tags")
		w.BeginArray()
		for _, t := range r.Doc.Tags {
			w.String(t)
		}
		w.EndArray()
		if r.Doc.Precision != "" {
			w.StringMember("precision", r.Doc.Precision)
		}
		w.EndObject()
	}
	w.EndArray()
	w.EndObject()
}

func writeJSONFile(w *jsonw.Writer, r *lint.FileResult) {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	w.BeginObject()
	w.StringMember("path", r.Path)
	w.Key("diagnostics")
	w.BeginArray()
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		w.BeginObject()
		w.StringMember("rule", d.RuleID)
		w.StringMember("severity", severityName(d.Severity))
		w.StringMember("message", d.Message)
		writeJSONRange(w, jsonRange(lines, d.Span))
		w.Key("related")
		w.BeginArray()
		for _, rel := range d.Related {
			w.BeginObject()
			w.StringMember("message", rel.Message)
			writeJSONRange(w, jsonRange(lines, rel.Span))
			w.EndObject()
		}
		w.EndArray()
		w.Key("fixes")
		w.BeginArray()
		for _, fx := range d.Fixes {
			w.BeginObject()
			w.StringMember("message", fx.Message)
			w.BoolMember("safe", fx.Safe)
			w.Key("edits")
			w.BeginArray()
			for _, ed := range fx.Edits {
				w.BeginObject()
				writeJSONRange(w, jsonRange(lines, ed.Span))
				w.StringMember("newText", ed.NewText)
				w.EndObject()
			}
			w.EndArray()
			w.EndObject()
		}
		w.EndArray()
		w.EndObject()
	}
	w.EndArray()
	if r.Err != nil {
		w.StringMember("error", r.Err.Error())
	}
	w.EndObject()
}

// writeJSONRange writes the members of the embedded JSONRange.
func writeJSONRange(w *jsonw.Writer, r JSONRange) {
	w.IntMember("line", r.Line)
	w.IntMember("column", r.Column)
	w.IntMember("endLine", r.EndLine)
	w.IntMember("endColumn", r.EndColumn)
	w.IntMember("offset", r.Offset)
	w.IntMember("endOffset", r.EndOffset)
}

package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

func testRules() []*analyzer.Rule {
	return []*analyzer.Rule{
		{ID: "overwritten-key", Severity: analyzer.SeverityWarning, Doc: analyzer.Doc{Title: "key written twice", Tags: []string{"correctness"}, Precision: "high"}},
		{ID: "dynamic-key", Severity: analyzer.SeverityError, Doc: analyzer.Doc{Title: "key not declared in KEYS", Tags: []string{"cluster", "correctness"}, Precision: "very-high"}},
		{ID: "unused-local", Severity: analyzer.SeverityInfo, Doc: analyzer.Doc{Title: "unused local variable"}},
	}
}

func TestJSONGolden(t *testing.T) {
	tests := []struct {
		name    string
		results []lint.FileResult
		rules   []*analyzer.Rule
	}{
		{"json.golden", corpus(t), testRules()},
		{"json_clean.golden", []lint.FileResult{outputtest.FileResult("a.lua", "return 1\n")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := JSON(&buf, tt.results, tt.rules); err != nil {
				t.Fatal(err)
			}
			outputtest.Golden(t, tt.name, buf.Bytes(), *update)
		})
	}
}

// TestJSONSchema decodes the output generically and checks the promises of
// the documented schema: arrays are never null, positions are consistent
// with offsets, optional fields are omitted.
func TestJSONSchema(t *testing.T) {
	var buf bytes.Buffer
	res := corpus(t)
	if err := JSON(&buf, res, testRules()); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if doc["version"] != float64(1) {
		t.Errorf("version = %v, want 1", doc["version"])
	}
	files := doc["files"].([]any)
	if len(files) != len(res) {
		t.Fatalf("%d files, want %d", len(files), len(res))
	}
	for i, f := range files {
		f := f.(map[string]any)
		if f["path"] != res[i].Path {
			t.Errorf("files[%d].path = %v, want %q", i, f["path"], res[i].Path)
		}
		if _, ok := f["error"]; ok != (res[i].Err != nil) {
			t.Errorf("files[%d]: error present = %v, want %v", i, ok, res[i].Err != nil)
		}
		diags, ok := f["diagnostics"].([]any)
		if !ok {
			t.Fatalf("files[%d].diagnostics is %T, want an array", i, f["diagnostics"])
		}
		for j, d := range diags {
			d := d.(map[string]any)
			for _, key := range []string{"related", "fixes"} {
				if _, ok := d[key].([]any); !ok {
					t.Errorf("files[%d].diagnostics[%d].%s is %T, want an array", i, j, key, d[key])
				}
			}
			want := res[i].Lines.Position(res[i].Diagnostics[j].Span.Start)
			if d["line"] != float64(want.Line) || d["column"] != float64(want.Column) || d["offset"] != float64(want.Offset) {
				t.Errorf("files[%d].diagnostics[%d] at %v:%v (offset %v), want %d:%d (offset %d)",
					i, j, d["line"], d["column"], d["offset"], want.Line, want.Column, want.Offset)
			}
		}
	}
	rules := doc["rules"].([]any)
	if len(rules) != 3 || rules[0].(map[string]any)["id"] != "dynamic-key" {
		t.Errorf("rules not sorted by id: %v", rules)
	}
	if _, ok := rules[2].(map[string]any)["tags"].([]any); !ok {
		t.Errorf("rules[2].tags is not an array: %v", rules[2])
	}
	// Typed round trip: the exported types are the schema.
	var typed JSONReport
	if err := json.Unmarshal(buf.Bytes(), &typed); err != nil {
		t.Fatal(err)
	}
	if typed.Summary != Summarize(res) {
		t.Errorf("summary = %+v, want %+v", typed.Summary, Summarize(res))
	}
	fix := typed.Files[0].Diagnostics[0].Fixes[0].Edits[0]
	if fix.NewText != "KEYS[2]" || fix.Line != 2 || fix.Column != 20 || fix.EndColumn != 35 {
		t.Errorf("first fix edit = %+v", fix)
	}
}

// TestJSONMatchesEncodingJSON checks that the hand-written encoder writes
// exactly what encoding/json writes for the documented types.
func TestJSONMatchesEncodingJSON(t *testing.T) {
	weird := outputtest.FileResult("w\"e\\ird\u2028.lua", "x\n",
		analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityError,
			Message: outputtest.AwkwardText, Span: outputtest.Span(0, 1)})
	inputs := map[string][]lint.FileResult{
		"corpus": corpus(t),
		"weird":  {weird},
		"none":   nil,
	}
	for name, res := range inputs {
		t.Run(name, func(t *testing.T) {
			var got bytes.Buffer
			if err := JSON(&got, res, testRules()); err != nil {
				t.Fatal(err)
			}
			if want := outputtest.EncodingJSON(t, BuildJSON(res, testRules())); !bytes.Equal(got.Bytes(), want) {
				t.Errorf("JSON differs from encoding/json:\n%s\n---\n%s", got.Bytes(), want)
			}
		})
	}
}

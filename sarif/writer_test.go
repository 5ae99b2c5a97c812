package sarif

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

var testOptions = Options{
	ToolName:       "redis-lua-lint",
	ToolVersion:    "v1.2.3",
	InformationURI: "https://github.com/redis-lua-lint/redis-lua-lint",
	RulesDocURL:    "https://github.com/redis-lua-lint/redis-lua-lint/blob/main/docs/rules.md",
	BaseDir:        "/repo",
}

func write(t *testing.T, results []lint.FileResult, rules []*analyzer.Rule, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, results, rules, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("golden files use POSIX paths")
	}
	tests := []struct {
		name    string
		results []lint.FileResult
		opts    Options
	}{
		{"full.sarif", corpus(t), testOptions},
		{"clean.sarif", []lint.FileResult{outputtest.FileResult("/repo/a.lua", "return 1\n")}, testOptions},
		{"nobasedir.sarif", []lint.FileResult{
			outputtest.FileResult("scripts/a b.lua", "return KEYS[1]\n", analyzer.Diagnostic{RuleID: "dynamic-key", Severity: analyzer.SeverityError, Message: "m", Span: outputtest.Span(7, 14)}),
			outputtest.FileResult("/abs/c.lua", "return 1\n", analyzer.Diagnostic{RuleID: "unused-local", Message: "no severity", Span: outputtest.Span(0, 6)}),
		}, Options{ToolVersion: "devel"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := write(t, tt.results, testRules(), tt.opts)
			validate(t, out)
			outputtest.Golden(t, tt.name, out, *update)
		})
	}
}

// TestGoldenFilesValid validates every golden SARIF file against the
// OASIS schema, so a hand edit cannot slip in an invalid file.
func TestGoldenFilesValid(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("found %d golden SARIF files, want at least 3", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) { validate(t, data) })
	}
}

// TestSchemaRejects makes sure validation is not vacuous.
func TestSchemaRejects(t *testing.T) {
	bad := []string{
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`, // driver without name
		`{"version": "2.0.0", "runs": []}`,                         // wrong version
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"level": "fatal", "message": {"text": "m"}}]}]}`,                                                          // bad level
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "informationUri": "no scheme"}}}]}`,                                                                                      // format "uri" asserted
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"artifactLocation": {"uri": "%zz"}}}]}]}]}`, // bad uri-reference
	}
	sch := compileSchema(t)
	for _, doc := range bad {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(inst) == nil {
			t.Errorf("schema accepted %s", doc)
		}
	}
}

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	sch, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// loadSchema compiles testdata/sarif-schema-2.1.0.json, asserting formats
// (so URIs must be valid URI references).
func loadSchema() (*jsonschema.Schema, error) {
	data, err := os.ReadFile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(SchemaURI, doc); err != nil {
		return nil, err
	}
	return c.Compile(SchemaURI)
}

func validate(t *testing.T, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := compileSchema(t).Validate(inst); err != nil {
		t.Errorf("not valid SARIF 2.1.0: %v", err)
	}
}

func decode(t *testing.T, data []byte) *Log {
	t.Helper()
	var log Log
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	return &log
}

func TestUTF16Columns(t *testing.T) {
	src := "local x = '😀' .. a\r\nlocal y = '日本' .. b\r\n"
	a := outputtest.SpanOf(t, src, "a\r", 1)
	a.End--
	b := outputtest.SpanOf(t, src, "b\r", 1)
	b.End--
	res := outputtest.FileResult("/repo/u.lua", src,
		analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityError, Message: "a", Span: a},
		analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityError, Message: "b", Span: b},
	)
	log := decode(t, write(t, []lint.FileResult{res}, nil, testOptions))
	got := []Region{*log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region, *log.Runs[0].Results[1].Locations[0].PhysicalLocation.Region}
	// Byte columns would be 21 and 23; the emoji is 2 UTF-16 units (the
	// shift of 2 from the 4-byte emoji), each CJK character 1.
	want := []Region{{1, 19, 1, 20}, {2, 19, 2, 20}}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("region %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func fingerprintsOf(t *testing.T, src string, needles ...string) []string {
	t.Helper()
	var diags []analyzer.Diagnostic
	for _, n := range needles {
		nth := 1
		if i := strings.LastIndex(n, "#"); i > 0 {
			nth = int(n[i+1] - '0')
			n = n[:i]
		}
		diags = append(diags, analyzer.Diagnostic{RuleID: "dynamic-key", Severity: analyzer.SeverityError, Message: "line-dependent message " + n, Span: outputtest.SpanOf(t, src, n, nth)})
	}
	log := decode(t, write(t, []lint.FileResult{outputtest.FileResult("/repo/f.lua", src, diags...)}, nil, testOptions))
	var fps []string
	for _, r := range log.Runs[0].Results {
		fps = append(fps, r.PartialFingerprints[FingerprintKey])
	}
	return fps
}

func TestFingerprintStability(t *testing.T) {
	base := "local a = 1\nredis.call('GET', 'k:' .. a)\nredis.call('GET', 'k:' .. a)\n"
	orig := fingerprintsOf(t, base, "'k:' .. a#1", "'k:' .. a#2")
	if orig[0] == orig[1] {
		t.Fatal("identical lines got the same fingerprint; the occurrence index must tell them apart")
	}
	for _, fp := range orig {
		if len(fp) != 64 {
			t.Errorf("fingerprint %q is not sha256 hex", fp)
		}
	}
	same := map[string]string{
		"blank line above":   "\n" + base,
		"code added above":   "local b = 2\nlocal c = 3\n" + base,
		"re-indented":        "local a = 1\n  redis.call('GET',   'k:' .. a)\n\tredis.call('GET', 'k:' .. a)   \n",
		"CRLF line breaks":   strings.ReplaceAll(base, "\n", "\r\n"),
		"code added between": "local a = 1\nredis.call('GET', 'k:' .. a)\nlocal z = 0\n\nredis.call('GET', 'k:' .. a)\n",
	}
	for name, src := range same {
		got := fingerprintsOf(t, src, "'k:' .. a#1", "'k:' .. a#2")
		if got[0] != orig[0] || got[1] != orig[1] {
			t.Errorf("%s: fingerprints changed", name)
		}
	}
	changed := "local a = 1\nredis.call('GET', 'k:' .. a .. 'x')\nredis.call('GET', 'k:' .. a)\n"
	got := fingerprintsOf(t, changed, "'k:' .. a#1", "'k:' .. a#2")
	if got[0] == orig[0] {
		t.Error("editing the flagged line kept its fingerprint")
	}
	if got[1] != orig[0] {
		t.Error("once the first line changed, the second identical line should become occurrence 0")
	}
}

func TestArtifactURI(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("POSIX paths")
	}
	tests := []struct {
		base, path string
		want       ArtifactLocation
	}{
		{"/repo", "/repo/a.lua", ArtifactLocation{URI: "a.lua", URIBaseID: SRCROOT}},
		{"/repo", "/repo/sub dir/ä:b#c?.lua", ArtifactLocation{URI: "sub%20dir/%C3%A4%3Ab%23c%3F.lua", URIBaseID: SRCROOT}},
		{"/repo/", "/repo/x/../y.lua", ArtifactLocation{URI: "y.lua", URIBaseID: SRCROOT}},
		{"/repo", "/other/z.lua", ArtifactLocation{URI: "file:///other/z.lua"}},
		{"/repo", "/repository/z.lua", ArtifactLocation{URI: "file:///repository/z.lua"}},
		{"/repo", "/repo/..x/z.lua", ArtifactLocation{URI: "..x/z.lua", URIBaseID: SRCROOT}},
		{"", "scripts/a.lua", ArtifactLocation{URI: "scripts/a.lua", URIBaseID: SRCROOT}},
		{"", "./scripts//a.lua", ArtifactLocation{URI: "scripts/a.lua", URIBaseID: SRCROOT}},
		{"", "a:b.lua", ArtifactLocation{URI: "a%3Ab.lua", URIBaseID: SRCROOT}},
		{"", "/abs/100%.lua", ArtifactLocation{URI: "file:///abs/100%25.lua"}},
	}
	for _, tt := range tests {
		b := &builder{}
		if tt.base != "" {
			b.absBase = filepath.Clean(tt.base)
		}
		if got := b.artifact(tt.path); got.URI != tt.want.URI || got.URIBaseID != tt.want.URIBaseID {
			t.Errorf("artifact(base %q, %q) = %+v, want %+v", tt.base, tt.path, got, tt.want)
		}
	}
}

func TestRelativeBaseDir(t *testing.T) {
	// Both relative to the working directory.
	b, err := Build([]lint.FileResult{{Path: "scripts/a.lua"}}, nil, Options{BaseDir: "scripts"})
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if got := b.Runs[0].OriginalURIBaseIDs[SRCROOT].URI; got != fileURI(filepath.Join(wd, "scripts"))+"/" {
		t.Errorf("%%SRCROOT%% = %q", got)
	}
}

func TestHelpers(t *testing.T) {
	for in, want := range map[string]string{"dynamic-key": "DynamicKey", "a": "A", "x_y-z": "XYZ", "syntax-error": "SyntaxError", "": ""} {
		if got := pascalCase(in); got != want {
			t.Errorf("pascalCase(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"1.2.3": "1.2.3", "v0.1.0-rc.1": "0.1.0-rc.1", "devel": "", "v1.2": "", "1.2.3+dirty": "1.2.3+dirty"} {
		if got := semanticVersion(in); got != want {
			t.Errorf("semanticVersion(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"KEYS[1] is written twice": "KEYS[1] is written twice",
		"see [x](1)":               `see \[x\](1)`,
		`a\b [c](d)`:               `a\\b \[c\](d)`,
	} {
		if got := escapeMessage(in); got != want {
			t.Errorf("escapeMessage(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"  a \t b  ": "a b", "": "", "\t\t": "", "x": "x"} {
		if got := string(appendNormalizedSpace(nil, []byte(in))); got != want {
			t.Errorf("appendNormalizedSpace(%q) = %q, want %q", in, got, want)
		}
		// After earlier bytes: leading space is still dropped.
		if got := string(appendNormalizedSpace([]byte("p:"), []byte(in))); got != "p:"+want {
			t.Errorf("appendNormalizedSpace(p:, %q) = %q, want %q", in, got, "p:"+want)
		}
	}
}

func TestExecutionAndRules(t *testing.T) {
	log := decode(t, write(t, corpus(t), testRules(), testOptions))
	run := log.Runs[0]
	inv := run.Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 {
		t.Errorf("invocation = %+v, want unsuccessful with one notification", inv)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
	for i, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: ruleIndex %d does not point to rule %q", i, r.RuleIndex, r.RuleID)
		}
	}
	rules := run.Tool.Driver.Rules
	if rules[0].ID != "dynamic-key" || rules[0].Name != "DynamicKey" || rules[0].DefaultConfiguration.Level != "error" {
		t.Errorf("rules[0] = %+v", rules[0])
	}
	if md := rules[0].Help.Markdown; !strings.Contains(md, "```lua\nredis.call('INCR', 'rate:' .. ARGV[1])\n```") {
		t.Errorf("help markdown lacks the fenced bad example:\n%s", md)
	}
	last := rules[len(rules)-1]
	if last.ID != "unused-local" || !strings.Contains(last.Help.Markdown, "````lua\nlocal s = '```'\n````") {
		t.Errorf("an example containing ``` needs a longer fence:\n%s", last.Help.Markdown)
	}
	ok := decode(t, write(t, []lint.FileResult{outputtest.FileResult("/repo/a.lua", "x\n")}, nil, testOptions))
	if !ok.Runs[0].Invocations[0].ExecutionSuccessful || ok.Runs[0].Results == nil {
		t.Errorf("clean run: %+v", ok.Runs[0])
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestWriteError(t *testing.T) {
	if err := Write(failWriter{}, corpus(t), testRules(), testOptions); err == nil {
		t.Error("no error from a failing writer")
	}
}

// TestWriteMatchesEncodingJSON checks that the streaming writer writes
// exactly what encoding/json writes for Build's log.
func TestWriteMatchesEncodingJSON(t *testing.T) {
	weird := outputtest.FileResult("/repo/w.lua", "x = 1\n",
		analyzer.Diagnostic{RuleID: "r\"q", Severity: analyzer.SeverityError,
			Message: outputtest.AwkwardText, Span: outputtest.Span(0, 1),
			Related: []analyzer.Related{{Span: outputtest.Span(2, 3), Message: "\u2029"}},
			Fixes:   []analyzer.Fix{{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 1), NewText: "y\n"}, {Span: outputtest.Span(4, 5)}}}}})
	inputs := map[string][]lint.FileResult{
		"corpus":         corpus(t),
		"weird":          {weird},
		"none":           nil,
		"nothing at all": nil,
		"nosrc":          {{Path: "a.lua", Diagnostics: []analyzer.Diagnostic{{RuleID: "x", Message: "m", Fixes: []analyzer.Fix{{Message: "f"}}}}}},
	}
	for name, res := range inputs {
		t.Run(name, func(t *testing.T) {
			rules := testRules()
			if name == "nothing at all" {
				rules = nil
			}
			got := write(t, res, rules, testOptions)
			log, err := Build(res, rules, testOptions)
			if err != nil {
				t.Fatal(err)
			}
			if want := outputtest.EncodingJSON(t, log); !bytes.Equal(got, want) {
				t.Errorf("Write differs from encoding/json:\n%s\n---\n%s", got, want)
			}
			validate(t, got)
		})
	}
}

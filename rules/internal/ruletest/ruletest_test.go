package ruletest

import (
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

func TestParseFixture(t *testing.T) {
	src := `#!lua flags=no-writes
-- fixture: redis-version=7.0
-- fixture: option allow-prefix-from-keys=true
-- want@1: invalid-shebang "flag"
x = 1 -- want: global-assignment
y = 2 -- want: a, a[info], b "two words", c[warning] ` + "`\\x41`" + `
-- want@-1: d
-- want@+1: e
local z = 3
-- redis: error "Attempt to modify a readonly table"
-- redis-keys: k1 k2
-- redis-args: a
-- redis-setup: SET k v
-- redis-setup: DEL x
`
	fx, err := ParseFixture("f.lua", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if fx.Version != (redisfacts.Version{Major: 7, Minor: 0}) {
		t.Errorf("version = %v", fx.Version)
	}
	if fx.Options["allow-prefix-from-keys"] != "true" {
		t.Errorf("options = %v", fx.Options)
	}
	want := []Want{
		{Line: 1, RuleID: "invalid-shebang", Substr: "flag"},
		{Line: 5, RuleID: "global-assignment"},
		{Line: 6, RuleID: "a"}, {Line: 6, RuleID: "a", Severity: analyzer.SeverityInfo}, {Line: 6, RuleID: "b", Substr: "two words"}, {Line: 6, RuleID: "c", Substr: `\x41`, Severity: analyzer.SeverityWarning},
		{Line: 6, RuleID: "d"},
		{Line: 9, RuleID: "e"},
	}
	if !reflect.DeepEqual(fx.Wants, want) {
		t.Errorf("wants =\n%v\nwant\n%v", fx.Wants, want)
	}
	r := fx.Redis
	if r == nil {
		t.Fatal("no redis spec")
	}
	if r.Expect != RedisError || r.Text != "Attempt to modify a readonly table" || r.Line != 10 {
		t.Errorf("redis = %+v", r)
	}
	if !reflect.DeepEqual(r.Keys, []string{"k1", "k2"}) || !reflect.DeepEqual(r.Args, []string{"a"}) ||
		!reflect.DeepEqual(r.Setup, [][]string{{"SET", "k", "v"}, {"DEL", "x"}}) {
		t.Errorf("redis run settings = %+v", r)
	}
}

func TestParseFixtureRedisForms(t *testing.T) {
	tests := []struct {
		directive string
		expect    RedisExpect
		text      string
	}{
		{"-- redis: ok", RedisOK, ""},
		{`-- redis: error "nonexistent global variable 'x'"`, RedisError, "nonexistent global variable 'x'"},
		{"-- redis: error Invalid script shebang", RedisError, "Invalid script shebang"},
		{`-- redis: reply bulk:"x41"`, RedisReply, `bulk:"x41"`},
		{"-- redis: skip (crashes the server)", RedisSkip, "(crashes the server)"},
	}
	for _, tt := range tests {
		fx, err := ParseFixture("f.lua", []byte("return 1\n"+tt.directive+"\n"))
		if err != nil {
			t.Errorf("%s: %v", tt.directive, err)
			continue
		}
		if fx.Redis == nil || fx.Redis.Expect != tt.expect || fx.Redis.Text != tt.text {
			t.Errorf("%s: got %+v", tt.directive, fx.Redis)
		}
	}
}

func TestParseFixtureErrors(t *testing.T) {
	tests := []struct{ src, wantErr string }{
		{"x = 1 -- want:", "empty want"},
		{"x = 1 -- want: Global", "expected a rule ID"},
		{"x = 1 -- want: a b", "expected ',' or end of line"},
		{"x = 1 -- want: a[info", "unclosed severity"},
		{"x = 1 -- want: a[fatal]", "unknown severity"},
		{`x = 1 -- want: a "unterminated`, "bad quoted"},
		{`x = 1 -- want: a ""`, "empty message substring"},
		{"-- want@9: a", "outside the file"},
		{"-- fixture: redis-version=5.0", "unknown redis-version"},
		{"-- fixture: option novalue", "option name=value"},
		{"-- fixture: option a=1\n-- fixture: option a=2", "set twice"},
		{"-- fixture: versoin=7.0", "unknown directive"}, //nolint:misspell // deliberate typo to test the unknown-directive error
		{"-- redis: maybe", "unknown expectation"},
		{"-- redis: ok now", "takes no argument"},
		{"-- redis: skip", "needs a reason"},
		{"-- redis: error", "needs the expected text"},
		{"-- redis: ok\n-- redis: ok", "second `-- redis:`"},
		{"-- redis-keys: a", "without a `-- redis:` expectation"},
		{"-- redis: ok\n-- redis-fcall: a b", "one function name"},
	}
	for _, tt := range tests {
		_, err := ParseFixture("f.lua", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%q: error %v, want one containing %q", tt.src, err, tt.wantErr)
		}
	}
}

func TestParseFixtureLineBreaks(t *testing.T) {
	// Lines are counted as luaast counts them: \r\n and \n\r are one break.
	fx, err := ParseFixture("f.lua", []byte("a\r\nb\n\rc -- want: r\rd -- want: s\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Want{{Line: 3, RuleID: "r"}, {Line: 4, RuleID: "s"}}
	if !reflect.DeepEqual(fx.Wants, want) {
		t.Errorf("wants = %v, want %v", fx.Wants, want)
	}
}

func testFile(src string) *luaast.File {
	return &luaast.File{Name: "t.lua", Src: []byte(src), Lines: luaast.NewLineIndex([]byte(src))}
}

func TestCompare(t *testing.T) {
	src := "a = 1\nb = 2\nc = 3\n"
	f := testFile(src)
	diag := func(off int, id, msg string) analyzer.Diagnostic {
		return analyzer.Diagnostic{RuleID: id, Message: msg, Span: luaast.Span{Start: luaast.Pos(off), End: luaast.Pos(off + 1)}}
	}
	diags := []analyzer.Diagnostic{
		diag(0, "r", "global 'a'"),
		diag(6, "r", "global 'b'"),
		diag(8, "r", "second on b"),
		diag(12, "r", "global 'c'"),
	}
	wants := []Want{{Line: 1, RuleID: "r"}, {Line: 2, RuleID: "r", Substr: "second"}, {Line: 2, RuleID: "r"}, {Line: 3, RuleID: "r", Substr: "nope"}}
	got := Compare(f, "r", wants, diags)
	if len(got) != 2 ||
		!strings.Contains(got[0], "t.lua:3: missing finding [r] with message containing \"nope\"") ||
		!strings.Contains(got[0], "the line has: [r] global 'c'") ||
		!strings.Contains(got[1], "t.lua:3:1: unexpected finding [r] global 'c'") {
		t.Errorf("Compare = %q", got)
	}
	if got := Compare(f, "r", []Want{{Line: 1, RuleID: "other"}}, nil); len(got) != 1 || !strings.Contains(got[0], "move the case to testdata/other/") {
		t.Errorf("want of another rule: %q", got)
	}
	if got := Compare(f, "r", []Want{{Line: 1, RuleID: "r"}}, diags[:1]); len(got) != 0 {
		t.Errorf("exact match: %q", got)
	}
}

func TestCompareSeverity(t *testing.T) {
	f := testFile("a = 1\n")
	d := analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityInfo, Message: "m", Span: luaast.Span{Start: 0, End: 1}}
	if got := Compare(f, "r", []Want{{Line: 1, RuleID: "r", Severity: analyzer.SeverityInfo}}, []analyzer.Diagnostic{d}); len(got) != 0 {
		t.Errorf("matching severity: %q", got)
	}
	got := Compare(f, "r", []Want{{Line: 1, RuleID: "r", Severity: analyzer.SeverityError}}, []analyzer.Diagnostic{d})
	if len(got) != 2 || !strings.Contains(got[0], "missing finding [r] at severity error") ||
		!strings.Contains(got[0], "the line has: [r] (info) m") {
		t.Errorf("other severity: %q", got)
	}
}

func TestCompareMalformedDiagnostics(t *testing.T) {
	f := testFile("a = 1\n")
	tests := []struct {
		d    analyzer.Diagnostic
		want string
	}{
		{analyzer.Diagnostic{RuleID: "r", Message: "m", Span: luaast.Span{Start: 3, End: 99}}, "bad span"},
		{analyzer.Diagnostic{RuleID: "other", Message: "m", Span: luaast.Span{Start: 0, End: 1}}, "rule ID \"other\""},
		{analyzer.Diagnostic{RuleID: "r", Message: "ends.", Span: luaast.Span{Start: 0, End: 1}}, "period"},
		{analyzer.Diagnostic{RuleID: "r", Message: "a\nb", Span: luaast.Span{Start: 0, End: 1}}, "several lines"},
		{analyzer.Diagnostic{RuleID: "r", Message: "", Span: luaast.Span{Start: 0, End: 1}}, "empty message"},
		{analyzer.Diagnostic{RuleID: "r", Message: "m", Span: luaast.Span{Start: 0, End: 1},
			Fixes: []analyzer.Fix{{Message: "f", Edits: []analyzer.Edit{{Span: luaast.Span{Start: 5, End: 2}}}}}}, "bad edit span"},
	}
	for _, tt := range tests {
		got := Compare(f, "r", []Want{{Line: 1, RuleID: "r"}}, []analyzer.Diagnostic{tt.d})
		if len(got) != 2 || !strings.Contains(got[0]+got[1], tt.want) {
			t.Errorf("%+v: got %q, want a problem containing %q", tt.d, got, tt.want)
		}
	}
}

func TestApplyFixes(t *testing.T) {
	src := []byte("x = 1\ny = 2\n")
	fix := func(start, end int, text string) analyzer.Diagnostic {
		return analyzer.Diagnostic{Fixes: []analyzer.Fix{{Message: "f", Edits: []analyzer.Edit{{Span: luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)}, NewText: text}}}}}
	}
	got, err := ApplyFixes(src, []analyzer.Diagnostic{fix(6, 6, "local "), fix(0, 0, "local "), {}})
	if err != nil || string(got) != "local x = 1\nlocal y = 2\n" {
		t.Errorf("ApplyFixes = %q, %v", got, err)
	}
	if _, err := ApplyFixes(src, []analyzer.Diagnostic{fix(0, 3, "a"), fix(2, 4, "b")}); err == nil {
		t.Error("overlapping edits: no error")
	}
}

func TestOptions(t *testing.T) {
	rule := &analyzer.Rule{ID: "r", Options: []analyzer.OptionSpec{
		{Name: "flag", Default: false}, {Name: "n", Default: 3}, {Name: "s", Default: "x"}, {Name: "list", Default: []string(nil)},
	}}
	opts, err := Options(rule, map[string]string{"flag": "true", "n": "7", "list": "a, b,"})
	if err != nil {
		t.Fatal(err)
	}
	want := analyzer.Options{"flag": true, "n": 7, "s": "x", "list": []string{"a", "b"}}
	if !reflect.DeepEqual(opts, want) {
		t.Errorf("Options = %#v, want %#v", opts, want)
	}
	for _, raw := range []map[string]string{{"nope": "1"}, {"flag": "maybe"}, {"n": "x"}} {
		if _, err := Options(rule, raw); err == nil {
			t.Errorf("Options(%v): no error", raw)
		}
	}
}

// TestParseFixtureConfig checks that `-- fixture: config` lines join, in
// order, into one YAML document that the harness gives the engine, and
// that a malformed one fails the fixture with the configuration's error.
func TestParseFixtureConfig(t *testing.T) {
	src := "-- fixture: config commands: [{name: JSON.SET, arity: -4, flags: [write], keys: 1}]\n" +
		"-- fixture: config includes: ['^load (\\S+)']\nreturn redis.call('JSON.SET', KEYS[1], '$')\n"
	fx, err := ParseFixture("f.lua", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "commands: [{name: JSON.SET, arity: -4, flags: [write], keys: 1}]\nincludes: ['^load (\\S+)']\n"
	if fx.Config != want {
		t.Errorf("config = %q, want %q", fx.Config, want)
	}
	rule := &analyzer.Rule{ID: "probe", Severity: analyzer.SeverityError, Run: func(pass *analyzer.Pass) {
		if c := pass.LookupCommand("JSON.SET"); c == nil || c.Arity != -4 || len(pass.Includes) != 1 {
			pass.Reportf(pass.File.Block, "the configuration did not reach the pass")
		}
	}}
	h := Harness{}
	diags, err := h.LintConfig(rule, "f.lua", fx.Src, fx.Version, nil, fx.Config)
	if err != nil || len(diags) != 0 {
		t.Errorf("LintConfig: %v %v", diags, err)
	}
	if _, err := h.LintConfig(rule, "f.lua", fx.Src, fx.Version, nil, "commands: [{name: X, flags: [wrote]}]\n"); err == nil || !strings.Contains(err.Error(), `unknown command flag "wrote"`) {
		t.Errorf("a bad fixture configuration: err = %v", err)
	}
}

package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// harnessTimeout bounds every wait of the protocol tests (a hung server
// fails the test instead of hanging it); it is not a timing assertion.
const harnessTimeout = 20 * time.Second

const docURL = "https://example.test/rules.md"

// client is the test's side of a session over an in-memory pipe.
type client struct {
	t     *testing.T
	conn  *jsonrpc2.Conn
	diags chan protocol.PublishDiagnosticsParams
	done  chan error // Serve's result
}

// startServer runs a server with opts (rules.All() and docURL unless
// set) on one end of a pipe and returns a client on the other, after
// initialize.
func startServer(t *testing.T, opts Options) *client {
	t.Helper()
	if opts.Rules == nil {
		opts.Rules = rules.All()
	}
	if opts.RulesDocURL == "" {
		opts.RulesDocURL = docURL
	}
	if opts.WorkDir == "" {
		opts.WorkDir = t.TempDir()
	}
	srvEnd, cliEnd := net.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), harnessTimeout)
	c := &client{t: t, diags: make(chan protocol.PublishDiagnosticsParams, 100), done: make(chan error, 1)}
	go func() { c.done <- NewServer(opts).Serve(ctx, srvEnd) }()
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(cliEnd, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == protocol.ServerTextDocumentPublishDiagnostics && req.Params != nil {
				var p protocol.PublishDiagnosticsParams
				if err := json.Unmarshal(*req.Params, &p); err != nil {
					t.Errorf("publishDiagnostics: %v", err)
				}
				fixCodes(t, *req.Params, p.Diagnostics)
				c.diags <- p
			}
			return nil, nil
		}))
	t.Cleanup(func() {
		cancel()
		_ = c.conn.Close()
	})
	var res map[string]any
	c.call(protocol.MethodInitialize, map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &res)
	c.notify(protocol.MethodInitialized, map[string]any{})
	return c
}

// fixCodes sets the codes of diagnostics decoded from raw: glsp's
// IntegerOrString decodes into a copy of itself (a value receiver), so
// a client built on its types reads every code as empty.
func fixCodes(t *testing.T, raw json.RawMessage, ds []protocol.Diagnostic) {
	t.Helper()
	var p struct {
		Diagnostics []struct {
			Code any `json:"code"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(raw, &p); err != nil || len(p.Diagnostics) != len(ds) {
		t.Errorf("publishDiagnostics codes: %v", err)
		return
	}
	for i, d := range p.Diagnostics {
		if d.Code == nil {
			ds[i].Code = nil
		} else {
			ds[i].Code = &protocol.IntegerOrString{Value: d.Code}
		}
	}
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), harnessTimeout)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// waitDiagnostics returns the next diagnostics published for uri (of
// version when it is > 0; earlier versions are skipped).
func (c *client) waitDiagnostics(uri protocol.DocumentUri, version int) protocol.PublishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(harnessTimeout)
	for {
		select {
		case p := <-c.diags:
			if p.URI != uri {
				continue
			}
			if version > 0 && (p.Version == nil || int(*p.Version) < version) {
				continue
			}
			return p
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s (version %d)", uri, version)
		}
	}
}

func (c *client) open(path, text string) protocol.DocumentUri {
	c.t.Helper()
	return c.openAs(path, "lua", text)
}

func (c *client) openAs(path, langID, text string) protocol.DocumentUri {
	c.t.Helper()
	uri := pathURI(path)
	c.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: langID, Version: 1, Text: text,
	}})
	return uri
}

// codes returns "rule@line:col" for each diagnostic.
func codes(ds []protocol.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		code := ""
		if d.Code != nil {
			code, _ = d.Code.Value.(string)
		}
		out = append(out, code+"@"+itoa(int(d.Range.Start.Line))+":"+itoa(int(d.Range.Start.Character)))
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestInitializeShutdownExit(t *testing.T) {
	c := startServer(t, Options{})
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{}}, &json.RawMessage{})
	_ = res
	c.call(protocol.MethodShutdown, nil, nil)
	c.notify(protocol.MethodExit, nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatalf("Serve after shutdown and exit = %v, want nil", err)
		}
	case <-time.After(harnessTimeout):
		t.Fatal("Serve did not return after exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, Options{})
	c.notify(protocol.MethodExit, nil)
	select {
	case err := <-c.done:
		if !errors.Is(err, ErrExitWithoutShutdown) {
			t.Fatalf("Serve after exit alone = %v, want ErrExitWithoutShutdown", err)
		}
	case <-time.After(harnessTimeout):
		t.Fatal("Serve did not return after exit")
	}
}

func TestCapabilities(t *testing.T) {
	srvEnd, cliEnd := net.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), harnessTimeout)
	defer cancel()
	go func() { _ = NewServer(Options{Rules: rules.All()}).Serve(ctx, srvEnd) }()
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(cliEnd, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(
		func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	defer func() { _ = conn.Close() }()
	var res struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
				Save      struct {
					IncludeText bool `json:"includeText"`
				} `json:"save"`
			} `json:"textDocumentSync"`
			HoverProvider      bool `json:"hoverProvider"`
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
		} `json:"capabilities"`
		ServerInfo struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
	}
	if err := conn.Call(ctx, protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{}}, &res); err != nil {
		t.Fatal(err)
	}
	sync := res.Capabilities.TextDocumentSync
	if !sync.OpenClose || sync.Change != int(protocol.TextDocumentSyncKindIncremental) || !sync.Save.IncludeText {
		t.Errorf("textDocumentSync = %+v, want open/close, incremental changes, saves with text", sync)
	}
	if !res.Capabilities.HoverProvider {
		t.Error("no hoverProvider")
	}
	if k := res.Capabilities.CodeActionProvider.CodeActionKinds; len(k) != 1 || k[0] != "quickfix" {
		t.Errorf("codeActionKinds = %v, want [quickfix]", k)
	}
	if res.ServerInfo.Name != "redis-lua-lint" {
		t.Errorf("serverInfo.name = %q", res.ServerInfo.Name)
	}
}

func TestRequestBeforeInitialize(t *testing.T) {
	srvEnd, cliEnd := net.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), harnessTimeout)
	defer cancel()
	go func() { _ = NewServer(Options{Rules: rules.All()}).Serve(ctx, srvEnd) }()
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(cliEnd, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(
		func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	defer func() { _ = conn.Close() }()
	err := conn.Call(ctx, protocol.MethodTextDocumentHover, map[string]any{
		"textDocument": map[string]any{"uri": "file:///x.lua"}, "position": map[string]any{"line": 0, "character": 0},
	}, &json.RawMessage{})
	if err == nil {
		t.Fatal("hover before initialize succeeded; want an error")
	}
}

func TestDiagnosticsOnOpen(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	// The emoji is two UTF-16 code units and four bytes: the global x on
	// line 5 starts at character 15, not at byte 17.
	src := "count = 1\nlocal key = KEYS[1]\nfor _, key in ipairs(ARGV) do\n  redis.call('SADD', KEYS[1], key)\nend\nlocal s = '😀' x = 1\nreturn count\n"
	uri := c.open(filepath.Join(dir, "a.lua"), src)
	p := c.waitDiagnostics(uri, 1)
	got := strings.Join(codes(p.Diagnostics), " ")
	want := "global-assignment@0:0 unused-variable@1:6 shadowed-variable@2:7 unused-variable@5:6 global-assignment@5:15"
	if got != want {
		t.Fatalf("diagnostics = %s\nwant %s", got, want)
	}
	ga := p.Diagnostics[0]
	if ga.Severity == nil || *ga.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("global-assignment severity = %v, want error", ga.Severity)
	}
	if ga.CodeDescription == nil || ga.CodeDescription.HRef != docURL+"#global-assignment" {
		t.Errorf("codeDescription = %+v, want %s#global-assignment", ga.CodeDescription, docURL)
	}
	if ga.Source == nil || *ga.Source != "redis-lua-lint" {
		t.Errorf("source = %v", ga.Source)
	}
	if sev := p.Diagnostics[1].Severity; sev == nil || *sev != protocol.DiagnosticSeverityInformation {
		t.Errorf("unused-variable severity = %v, want information", sev)
	}
	sv := p.Diagnostics[2]
	if len(sv.RelatedInformation) != 1 {
		t.Fatalf("shadowed-variable relatedInformation = %+v, want the hidden local", sv.RelatedInformation)
	}
	rel := sv.RelatedInformation[0]
	if rel.Location.URI != uri || rel.Location.Range.Start != (protocol.Position{Line: 1, Character: 6}) ||
		rel.Location.Range.End != (protocol.Position{Line: 1, Character: 9}) || !strings.Contains(rel.Message, "hidden local") {
		t.Errorf("related = %+v", rel)
	}
	if end := p.Diagnostics[4].Range.End; end != (protocol.Position{Line: 5, Character: 16}) {
		t.Errorf("x ends at %+v, want 5:16 (UTF-16)", end)
	}
}

func TestDidChangeIncrementalAndFull(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{Debounce: time.Millisecond})
	uri := c.open(filepath.Join(dir, "a.lua"), "count = 1\nreturn count\n")
	if got := codes(c.waitDiagnostics(uri, 1).Diagnostics); len(got) != 1 {
		t.Fatalf("open: %v", got)
	}
	// Insert "local " at the start: the global becomes a local.
	c.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{
			"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 0}},
			"text":  "local ",
		}},
	})
	if got := codes(c.waitDiagnostics(uri, 2).Diagnostics); len(got) != 0 {
		t.Fatalf("after the incremental change: %v, want none", got)
	}
	// A whole-text change brings a finding back.
	c.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 3},
		"contentChanges": []any{map[string]any{"text": "total = 2\nreturn total\n"}},
	})
	if got := strings.Join(codes(c.waitDiagnostics(uri, 3).Diagnostics), " "); got != "global-assignment@0:0" {
		t.Fatalf("after the full change: %v", got)
	}
}

func TestDebounceLintsTheLastVersion(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{Debounce: 50 * time.Millisecond})
	uri := c.open(filepath.Join(dir, "a.lua"), "return 1\n")
	c.waitDiagnostics(uri, 1)
	// Ten quick changes, each typing one more character of "xyz = 1":
	// only the last version's diagnostics matter, and they must come.
	text := "return 1\n"
	for v := 2; v <= 8; v++ {
		text = "x" + text
		c.notify(protocol.MethodTextDocumentDidChange, map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"text": strings.Repeat("x", v-1) + " = 1\nreturn 1\n"}},
		})
	}
	p := c.waitDiagnostics(uri, 8)
	if got := strings.Join(codes(p.Diagnostics), " "); got != "global-assignment@0:0" {
		t.Fatalf("diagnostics of version 8 = %v", got)
	}
}

func TestDidSaveAndClose(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	uri := c.open(filepath.Join(dir, "a.lua"), "return 1\n")
	c.waitDiagnostics(uri, 1)
	text := "n = 1\nreturn n\n"
	c.notify(protocol.MethodTextDocumentDidSave, map[string]any{"textDocument": map[string]any{"uri": uri}, "text": text})
	if got := codes(c.waitDiagnostics(uri, 0).Diagnostics); len(got) != 1 {
		t.Fatalf("after save: %v, want the global", got)
	}
	c.notify(protocol.MethodTextDocumentDidClose, map[string]any{"textDocument": map[string]any{"uri": uri}})
	p := c.waitDiagnostics(uri, 0)
	if len(p.Diagnostics) != 0 || p.Diagnostics == nil {
		t.Fatalf("after close: %+v, want an empty list", p.Diagnostics)
	}
}

func TestConfigurationDiscovery(t *testing.T) {
	dir := t.TempDir()
	// The nearest configuration wins: sub/ turns the rule off, the top
	// makes it a warning; a file outside both gets the defaults.
	writeFile(t, filepath.Join(dir, "proj", ".redis-lua-lint.yaml"), "rules:\n  global-assignment: warning\nexclude:\n  - \"vendor/**\"\n")
	writeFile(t, filepath.Join(dir, "proj", "sub", ".redis-lua-lint.yaml"), "rules:\n  global-assignment: off\n")
	writeFile(t, filepath.Join(dir, "bad", ".redis-lua-lint.yaml"), "rules:\n  no-such-rule: off\n")
	src := "count = 1\nreturn count\n"
	c := startServer(t, Options{})
	for _, tc := range []struct {
		file string
		want string // rule@severity, or "" for none
	}{
		{"proj/a.lua", "global-assignment@2"},
		{"proj/deep/er/a.lua", "global-assignment@2"},
		{"proj/sub/a.lua", ""},
		{"proj/vendor/x/a.lua", ""}, // excluded
		{"other/a.lua", "global-assignment@1"},
	} {
		uri := c.open(filepath.Join(dir, filepath.FromSlash(tc.file)), src)
		p := c.waitDiagnostics(uri, 1)
		var got []string
		for _, d := range p.Diagnostics {
			got = append(got, d.Code.Value.(string)+"@"+itoa(int(*d.Severity)))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %v, want %q", tc.file, got, tc.want)
		}
	}
	uri := c.open(filepath.Join(dir, "bad", "a.lua"), src)
	p := c.waitDiagnostics(uri, 1)
	if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "no-such-rule") || p.Diagnostics[0].Code != nil {
		t.Fatalf("bad configuration: %+v, want one diagnostic naming the unknown rule", p.Diagnostics)
	}
}

func TestConfigFlagAndAdjust(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "cfg.yaml"), "rules:\n  global-assignment: off\n")
	writeFile(t, filepath.Join(dir, "proj", ".redis-lua-lint.yaml"), "rules:\n  global-assignment: error\n")
	adjusted := 0
	c := startServer(t, Options{WorkDir: dir, Config: "cfg.yaml", Adjust: func(cfg *lint.Config) error {
		adjusted++
		cfg.SetRuleEnabled("unused-variable", false)
		return nil
	}})
	uri := c.open(filepath.Join(dir, "proj", "a.lua"), "count = 1\nlocal unused = 1\nreturn count\n")
	if got := codes(c.waitDiagnostics(uri, 1).Diagnostics); len(got) != 0 {
		t.Fatalf("with Config and Adjust: %v, want none (global-assignment off in cfg.yaml, unused-variable disabled)", got)
	}
	if adjusted != 1 {
		t.Errorf("Adjust ran %d times, want once (the configuration is cached)", adjusted)
	}
}

func TestConfigReloadedOnSave(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, ".redis-lua-lint.yaml")
	writeFile(t, cfgPath, "rules:\n  global-assignment: error\n")
	c := startServer(t, Options{})
	uri := c.open(filepath.Join(dir, "a.lua"), "count = 1\nreturn count\n")
	if got := codes(c.waitDiagnostics(uri, 1).Diagnostics); len(got) != 1 {
		t.Fatalf("before: %v", got)
	}
	writeFile(t, cfgPath, "rules:\n  global-assignment: off\n")
	c.notify(protocol.MethodTextDocumentDidSave, map[string]any{"textDocument": map[string]any{"uri": pathURI(cfgPath)}})
	if got := codes(c.waitDiagnostics(uri, 1).Diagnostics); len(got) != 0 {
		t.Fatalf("after the configuration was saved: %v, want none", got)
	}
}

func TestSuppressionAndTargetVersion(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".redis-lua-lint.yaml"), "redis-version: \"6.2\"\n")
	c := startServer(t, Options{})
	src := "count = 1 -- redis-lua-lint: ignore global-assignment\nreturn redis.call('LMPOP', 1, KEYS[1], 'LEFT')\n"
	uri := c.open(filepath.Join(dir, "a.lua"), src)
	p := c.waitDiagnostics(uri, 1)
	got := strings.Join(codes(p.Diagnostics), " ")
	if strings.Contains(got, "global-assignment") {
		t.Errorf("suppressed finding reported: %s", got)
	}
	if !strings.Contains(got, "@1:") || len(p.Diagnostics) == 0 || !strings.Contains(p.Diagnostics[0].Message, "6.2") {
		t.Errorf("LMPOP on Redis 6.2: %s %+v, want a finding naming 6.2", got, p.Diagnostics)
	}
}

// TestHostFile checks that a document that is not a .lua file goes to
// Options.HostFile, with the engine of its configuration, and that one
// it declines (or any, without HostFile) gets no diagnostics.
func TestHostFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".redis-lua-lint.yaml"), "redis-version: \"7.2\"\n")
	var sawVersion string
	c := startServer(t, Options{HostFile: func(eng *lint.Engine, path string, src []byte) (lint.FileResult, bool) {
		if filepath.Ext(path) != ".host" {
			return lint.FileResult{}, false
		}
		sawVersion = eng.Config.RedisVersion.String()
		// The "host" file's script is its text after the first line.
		i := strings.IndexByte(string(src), '\n') + 1
		res := eng.CheckSource(path, src[i:])
		for k := range res.Diagnostics {
			res.Diagnostics[k].Span.Start += luaast.Pos(i)
			res.Diagnostics[k].Span.End += luaast.Pos(i)
		}
		res.Src = src
		return res, true
	}})
	uri := c.openAs(filepath.Join(dir, "a.host"), "host", "header\ncount = 1\nreturn count\n")
	if got := strings.Join(codes(c.waitDiagnostics(uri, 1).Diagnostics), " "); got != "global-assignment@1:0" {
		t.Errorf("host file: %q, want global-assignment@1:0", got)
	}
	if sawVersion != "7.2" {
		t.Errorf("HostFile's engine targets %q, want the configuration's 7.2", sawVersion)
	}
	other := c.openAs(filepath.Join(dir, "a.txt"), "plaintext", "count = 1\n")
	if got := codes(c.waitDiagnostics(other, 1).Diagnostics); len(got) != 0 {
		t.Errorf("declined file: %q, want none", got)
	}
	// No ignore comment (Lua) in a host file; hovers neither.
	var actions []action
	c.call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        map[string]any{"start": map[string]any{"line": 1, "character": 1}, "end": map[string]any{"line": 1, "character": 1}},
		"context":      map[string]any{"diagnostics": []any{}},
	}, &actions)
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Ignore") {
			t.Errorf("ignore comment offered in a host file: %q", a.Title)
		}
	}
}

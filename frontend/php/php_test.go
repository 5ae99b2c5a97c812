package php

import (
	"os"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, New(), "testdata")
}

// TestDump prints what the front end finds in the file $PHP_DUMP (a
// development aid; skipped without it).
func TestDump(t *testing.T) {
	path := os.Getenv("PHP_DUMP")
	if path == "" {
		t.Skip("PHP_DUMP not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	found, _ := New().Find(path, src)
	for _, s := range found.Scripts {
		t.Logf("script %q name=%q call=%+v\n%s", src[s.Whole.Start:min(s.Whole.End, s.Whole.Start+40)], s.Name, s.Call, s.Text)
	}
	for _, r := range found.Runtime {
		t.Logf("runtime %+v", r)
	}
	res, _ := frontend.Check(frontendtest.Engine(), New(), path, src)
	lines := luaast.NewLineIndex(src)
	for _, d := range res.Diagnostics {
		pos := lines.Position(d.Span.Start)
		t.Logf("%d:%d %s[%s] %s  <<%s>>", pos.Line, pos.Column, d.RuleID, d.Severity, d.Message, src[d.Span.Start:d.Span.End])
	}
	if res.Err != nil {
		t.Log(res.Err)
	}
}

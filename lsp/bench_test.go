package lsp

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// bigScript returns a generated program of at least lines lines, cut
// after the do ... end block that reaches them (so it still parses).
func bigScript(tb testing.TB, lines int) []byte {
	tb.Helper()
	for size := lines * 30; ; size *= 2 {
		src := luagen.Generate(1, size)
		if bytes.Count(src, []byte("\n")) < lines+200 {
			continue
		}
		lt := newLineTable(src)
		if i := bytes.Index(src[lt.starts[lines]:], []byte("\nend\n")); i >= 0 {
			return src[:lt.starts[lines]+i+5]
		}
	}
}

// BenchmarkRelintAfterOneCharChange measures what the server does between
// a keystroke's didChange (after the debounce) and the diagnostics it
// sends for a 2,000-line script: apply the incremental change, lint the
// new text with the default configuration and every rule, convert the
// findings and encode the notification. Each iteration types or deletes
// one space in the middle of the script. It reports the percentiles of
// the iterations (p50-ms, p95-ms, p99-ms) besides the mean.
func BenchmarkRelintAfterOneCharChange(b *testing.B) {
	src := bigScript(b, 2000)
	dir := b.TempDir()
	s := NewServer(Options{Rules: rules.All(), WorkDir: dir, RulesDocURL: docURL})
	path := filepath.Join(dir, "big.lua")
	uri := pathURI(path)
	first := s.check(path, "lua", src)
	if !first.linted || len(first.result.Diagnostics) == 0 {
		b.Fatalf("the script was not linted, or has no findings: %+v", first.result.Err)
	}
	at := protocol.Position{Line: 1000, Character: 0}
	insert := protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: at, End: at}, Text: " "}
	del := protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: at, End: protocol.Position{Line: 1000, Character: 1}}, Text: ""}
	text := src
	var samples []time.Duration
	findings := 0
	for i := 0; b.Loop(); i++ {
		change := insert
		if i%2 == 1 {
			change = del
		}
		t0 := time.Now()
		next, err := applyChanges(text, []any{change})
		if err != nil {
			b.Fatal(err)
		}
		c := s.check(path, "lua", next)
		v := protocol.UInteger(i + 2)
		msg, err := json.Marshal(protocol.PublishDiagnosticsParams{URI: uri, Version: &v, Diagnostics: s.diagnostics(uri, c)})
		if err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(t0))
		text = next
		findings = len(c.result.Diagnostics)
		_ = msg
	}
	slices.Sort(samples)
	pct := func(p float64) float64 {
		i := min(int(p*float64(len(samples))), len(samples)-1)
		return float64(samples[i].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.95), "p95-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(bytes.Count(src, []byte("\n"))), "lines")
	b.ReportMetric(float64(findings), "findings")
}

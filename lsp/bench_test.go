package lsp

import (
	"bytes"
	"encoding/json"
	"os"
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
	b.Run("generated", func(b *testing.B) { benchRelint(b, bigScript(b, 2000)) })
	b.Run("realistic", func(b *testing.B) { benchRelint(b, realisticScript(b, 2000)) })
}

// realisticScript returns the clean realistic scripts of testdata (EVAL
// scripts; Functions libraries need their shebang first), each in a
// do ... end block, repeated until lines lines.
func realisticScript(tb testing.TB, lines int) []byte {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "realistic", "clean", "*.lua"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no realistic scripts: %v", err)
	}
	var out bytes.Buffer
	for bytes.Count(out.Bytes(), []byte("\n")) < lines {
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				tb.Fatal(err)
			}
			if bytes.HasPrefix(src, []byte("#!")) {
				continue
			}
			out.WriteString("do\n")
			out.Write(bytes.TrimRight(src, "\n"))
			out.WriteString("\nend\n")
			if bytes.Count(out.Bytes(), []byte("\n")) >= lines {
				break
			}
		}
	}
	return out.Bytes()
}

func benchRelint(b *testing.B, src []byte) {
	b.Helper()
	dir := b.TempDir()
	s := NewServer(Options{Rules: rules.All(), WorkDir: dir, RulesDocURL: docURL})
	path := filepath.Join(dir, "big.lua")
	uri := pathURI(path)
	first := s.check(path, "lua", src)
	if !first.linted || first.result.Err != nil {
		b.Fatalf("the script was not linted: %v", first.result.Err)
	}
	for _, d := range first.result.Diagnostics {
		if d.RuleID == "syntax-error" {
			b.Fatalf("the script does not parse: %s", d.Message)
		}
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

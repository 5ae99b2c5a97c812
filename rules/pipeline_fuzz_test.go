package rules_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/report"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/sarif"
)

// FuzzPipeline runs the whole pipeline a user runs — parse, every rule on
// a target version chosen by the input, suppressions, and all four output
// formats — and fails on any panic, internal error or malformed output.
// Seeds are every rule fixture and realistic script; run it with
// `go test ./rules -run '^$' -fuzz=FuzzPipeline`.
func FuzzPipeline(f *testing.F) {
	for _, root := range []string{"testdata", filepath.Join("..", "testdata", "realistic")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(path, ".lua") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f.Add(uint8(len(path)), src)
			return nil
		})
		if err != nil {
			f.Fatalf("collecting seeds: %v", err)
		}
	}
	engines := make([]*lint.Engine, len(redisfacts.KnownVersions))
	for i, vs := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(vs)
		if err != nil {
			f.Fatal(err)
		}
		cfg := lint.DefaultConfig(f.TempDir())
		cfg.RedisVersion = v
		engines[i] = lint.NewEngine(rules.All(), cfg, 1)
	}
	f.Fuzz(func(t *testing.T, version uint8, src []byte) {
		eng := engines[int(version)%len(engines)]
		res := eng.CheckSource("fuzz.lua", src)
		if res.Err != nil {
			t.Fatalf("internal error: %v", res.Err)
		}
		results := []lint.FileResult{res}
		var buf bytes.Buffer
		if err := report.Text(&buf, results, report.TextOptions{Color: true}); err != nil {
			t.Fatalf("text: %v", err)
		}
		buf.Reset()
		if err := report.GitHub(&buf, results); err != nil {
			t.Fatalf("github: %v", err)
		}
		for _, d := range res.Diagnostics {
			if strings.Count(buf.String(), "\n") < 1 || d.RuleID == "" {
				t.Fatalf("github output lost a finding: %q", buf.String())
			}
		}
		buf.Reset()
		if err := report.JSON(&buf, results, rules.All()); err != nil {
			t.Fatalf("json: %v", err)
		}
		if !json.Valid(buf.Bytes()) {
			t.Fatalf("json output is not valid JSON")
		}
		buf.Reset()
		if err := sarif.Write(&buf, results, rules.All(), sarif.Options{ToolName: "redis-lua-lint", ToolVersion: "0.0.0"}); err != nil {
			t.Fatalf("sarif: %v", err)
		}
		if !json.Valid(buf.Bytes()) {
			t.Fatalf("sarif output is not valid JSON")
		}
	})
}

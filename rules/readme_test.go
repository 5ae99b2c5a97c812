package rules_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/report"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the rules table in ../README.md from the registry")

const (
	readmeBegin = "<!-- rules:begin (generated from the rule registry: go test ./rules -run TestReadmeRulesTable -update-readme) -->"
	readmeEnd   = "<!-- rules:end -->"
)

// readmeRulesTable renders the README's rules table from the registry, so
// the README can never describe rules, severities or options the tool does
// not have.
func readmeRulesTable(all []*analyzer.Rule) string {
	var b strings.Builder
	b.WriteString("| rule | default | finds |\n|---|---|---|\n")
	for _, r := range all {
		title := r.Doc.Title
		if goCallSiteRules[r.ID] {
			title += " (Go call sites)"
		}
		var opts []string
		for _, o := range r.Options {
			opts = append(opts, fmt.Sprintf("%#q", o.Name))
		}
		if len(opts) > 0 {
			title += "; options: " + strings.Join(opts, ", ")
		}
		sev := r.Severity.String()
		if r.DefaultOff {
			sev = "off (" + sev + " when on)"
		}
		fmt.Fprintf(&b, "| [`%s`](docs/rules.md#%s) | %s | %s |\n", r.ID, r.ID, sev, strings.ReplaceAll(title, "|", `\|`))
	}
	return b.String()
}

func TestReadmeRulesTable(t *testing.T) {
	path := filepath.Join("..", "README.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin := bytes.Index(readme, []byte(readmeBegin))
	end := bytes.Index(readme, []byte(readmeEnd))
	if begin < 0 || end < begin {
		t.Fatalf("README.md lacks the generated rules table markers %q … %q", readmeBegin, readmeEnd)
	}
	want := readmeRulesTable(rules.All())
	got := string(readme[begin+len(readmeBegin) : end])
	got = strings.TrimPrefix(got, "\n")
	if got == want {
		return
	}
	if *updateReadme {
		var out bytes.Buffer
		out.Write(readme[:begin+len(readmeBegin)])
		out.WriteString("\n" + want)
		out.Write(readme[end:])
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the rules table in README.md is out of date with the rule registry; run\n\tgo test ./rules -run TestReadmeRulesTable -update-readme\n--- README ---\n%s--- registry ---\n%s", got, want)
}

// rulesReference renders docs/rules.md, the full rule reference, from the
// registry: the same text `redis-lua-lint explain` prints.
func rulesReference(all []*analyzer.Rule) string {
	var b strings.Builder
	b.WriteString("# Rule reference\n\n")
	b.WriteString("Generated from the rule registry (`go test ./rules -run TestRulesReference -update-readme`);\n")
	b.WriteString("`redis-lua-lint explain RULE` prints the same text. Severities are the defaults; set them per rule\n")
	b.WriteString("in `.redis-lua-lint.yaml`.\n")
	for _, r := range all {
		fmt.Fprintf(&b, "\n## %s\n\n", r.ID)
		fmt.Fprintf(&b, "**%s** · default severity `%s`", r.Doc.Title, r.Severity)
		if r.DefaultOff {
			b.WriteString(" · off by default (turn it on with a severity in the configuration, or `--enable`)")
		}
		if len(r.Doc.Tags) > 0 {
			fmt.Fprintf(&b, " · tags: %s", strings.Join(r.Doc.Tags, ", "))
		}
		if goCallSiteRules[r.ID] {
			b.WriteString(" · reported on Go call sites (`check ./...`, go vet, golangci-lint)")
		}
		b.WriteString("\n\n")
		b.WriteString(strings.TrimSpace(r.Doc.Rationale) + "\n")
		if r.Doc.Fixes != "" {
			b.WriteString("\nFixes: " + strings.TrimSpace(r.Doc.Fixes) + "\n")
		}
		lang := "lua"
		if goCallSiteRules[r.ID] {
			lang = "go"
		}
		fmt.Fprintf(&b, "\nReported:\n\n```%s\n%s\n```\n", lang, strings.TrimRight(r.Doc.Bad, "\n"))
		fmt.Fprintf(&b, "\nInstead:\n\n```%s\n%s\n```\n", lang, strings.TrimRight(r.Doc.Good, "\n"))
		if len(r.Options) > 0 {
			b.WriteString("\nOptions:\n\n")
			for _, o := range r.Options {
				fmt.Fprintf(&b, "- `%s` (default `%v`): %s\n", o.Name, o.Default, o.Doc)
			}
		}
	}
	return b.String()
}

func TestRulesReference(t *testing.T) {
	path := filepath.Join("..", "docs", "rules.md")
	want := rulesReference(rules.All())
	got, err := os.ReadFile(path)
	if err == nil && string(got) == want {
		return
	}
	if *updateReadme {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("docs/rules.md is out of date with the rule registry (%v); run\n\tgo test ./rules -run TestRulesReference -update-readme", err)
}

// TestReadmeExample checks that the sample output at the top of the README
// is what the tool prints today for the example it names, so the README
// can't drift from the tool.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const beginMark, endMark = "<!-- example:begin ", "<!-- example:end -->"
	begin := bytes.Index(readme, []byte(beginMark))
	end := bytes.Index(readme, []byte(endMark))
	if begin < 0 || end < begin {
		t.Fatalf("README.md lacks the %q … %q markers", beginMark, endMark)
	}
	block := string(readme[begin:end])
	example := strings.Fields(block[len(beginMark):])[0]
	snippet := block[strings.Index(block, "```text\n")+len("```text\n") : strings.LastIndex(block, "```")]

	src, err := os.ReadFile(filepath.Join("..", example))
	if err != nil {
		t.Fatal(err)
	}
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig(t.TempDir()), 1)
	res := eng.CheckSource(example, src)
	var out bytes.Buffer
	if err := report.Text(&out, []lint.FileResult{res}, report.TextOptions{Quiet: true}); err != nil {
		t.Fatal(err)
	}
	// Each finding of the sample (findings are separated by blank lines)
	// must appear as printed; the README may leave some findings out.
	for _, finding := range strings.Split(strings.TrimSpace(snippet), "\n\n") {
		if !strings.Contains(out.String(), finding+"\n") {
			t.Errorf("the README's sample output is not what the tool prints for %s today.\n--- README ---\n%s\n--- tool ---\n%s", example, finding, out.String())
		}
	}
}

package repotest

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

const modulePath = "github.com/redis-lua-lint/redis-lua-lint"

// layers assigns each package of the module (by path relative to the
// module, a trailing "/" covering everything below) a layer. A package may
// import only packages of a lower layer; within layer 0 (the ground:
// the Lua parser, the Redis facts and small helpers) imports are free.
// docs/architecture.md describes the same layers.
var layers = []struct {
	prefix string
	layer  int
}{
	{"luaast", 0},
	{"redisfacts", 0},
	{"redisfacts/", 0},
	{"internal/editdist", 0},
	{"internal/jsonw", 0},
	{"internal/luagen", 0},
	{"internal/redistest", 0},
	{"internal/stackframe", 0},
	{"internal/fingerprint", 0},
	{"internal/longtest", 0},
	{"internal/wantspec", 2}, // the fixtures' want: syntax
	{"analyzer", 1},          // the framework and the shared facts
	{"rules", 2},             // the rules: leaves over the framework
	{"lint", 2},              // the driver: engine, discovery, configuration, suppressions
	{"report", 3},            // the printers
	{"internal/gitdiff", 0},
	{"fix", 2}, // applying suggested fixes: edits, rounds, diffs, atomic writes
	{"sarif", 3},
	{"baseline", 3},                // known findings: recorded, matched against a run's results
	{"rules/internal/ruletest", 3}, // the fixture harness runs rules through the driver
	{"internal/outputtest", 3},
	{"frontend", 4},                   // the front-end contract and its driver
	{"frontend/internal/", 5},         // machinery front ends share, below them (over the contract)
	{"frontend/internal/strvalue", 5}, // the Python and Ruby string values
	{"frontend/internal/brackets", 5}, // bracket pairing over the tokens of a front end
	{"frontend/internal/segvalue", 5}, // the JavaScript and PHP string values
	{"frontend/", 6},                  // the host-language front ends, and their fixture harness
	{"frontend/hosts", 7},
	{"lsp", 8},  // the language server: the driver for editors (front ends are plugged in by cmd/)
	{"cmd/", 9}, // the command lines and the golangci-lint plugin
	{"plugin/", 9},
	{"bench/", 9},
	{"internal/repotest", 9},
}

// layerOf returns the layer of package rel (relative to the module) and
// whether it has one.
func layerOf(rel string) (int, bool) {
	best, layer := -1, 0
	for _, l := range layers {
		match := rel == l.prefix || strings.HasSuffix(l.prefix, "/") && strings.HasPrefix(rel, l.prefix)
		if match && len(l.prefix) > best {
			best, layer = len(l.prefix), l.layer
		}
	}
	return layer, best >= 0
}

// TestImportLayers fails on an import that runs from a lower layer to a
// higher one, or across packages of one layer above the ground (rules
// and the driver must not know each other), and on a package the table
// does not place.
func TestImportLayers(t *testing.T) {
	root := repoRoot(t)
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], modulePath), "/")
		if strings.Contains(pkg, "/testdata/") {
			continue
		}
		from, ok := layerOf(pkg)
		if !ok {
			t.Errorf("package %s has no layer: add it to the table in layers_test.go and to docs/architecture.md", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, modulePath+"/") {
				continue
			}
			dep := strings.TrimPrefix(imp, modulePath+"/")
			to, ok := layerOf(dep)
			if !ok {
				continue // reported as a package of its own
			}
			checked++
			if to > from || to == from && from > 0 && !strings.HasPrefix(dep, pkg+"/") {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must run down the layers", pkg, from, dep, to)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d imports checked", checked)
	}
}

// TestLayerTableMatches checks layerOf on the cases the table is meant to
// decide, so that a change to it cannot silently let everything pass.
func TestLayerTableMatches(t *testing.T) {
	for _, c := range []struct {
		pkg   string
		layer int
		ok    bool
	}{
		{"luaast", 0, true},
		{"redisfacts/internal/commandgen", 0, true},
		{"analyzer", 1, true},
		{"rules", 2, true},
		{"rules/internal/ruletest", 3, true},
		{"lint", 2, true},
		{"frontend", 4, true},
		{"frontend/goembed", 6, true},
		{"frontend/internal/clike", 5, true},
		{"frontend/internal/strvalue", 5, true},
		{"frontend/internal/brackets", 5, true},
		{"frontend/internal/segvalue", 5, true},
		{"frontend/hosts", 7, true},
		{"cmd/redis-lua-lint/internal/cli", 9, true},
		{"lsp", 8, true},
		{"baseline", 3, true},
		{"somethingnew", 0, false},
	} {
		if l, ok := layerOf(c.pkg); l != c.layer || ok != c.ok {
			t.Errorf("layerOf(%q) = %d, %v; want %d, %v", c.pkg, l, ok, c.layer, c.ok)
		}
	}
}

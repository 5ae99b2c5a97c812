package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

var updateHostTree = flag.Bool("update-hosttree", false, "rewrite the golden outputs of testdata/hosttree")

// TestHostTreeFormats lints a tree of host files in several languages
// (testdata/hosttree/src: each embeds a script calling the misspelt
// tonumbr) in every output format and compares the reports with golden
// files. The SARIF report must be valid SARIF 2.1.0, and the region of
// every undefined-global result, read in the host file with SARIF's UTF-16
// columns, must be exactly the characters "tonumbr".
func TestHostTreeFormats(t *testing.T) {
	t.Chdir(filepath.Join("testdata", "hosttree"))
	for _, format := range formatChoices {
		code, stdout, stderr := runCLI(t, rules.All(), "", "check", "--format", format, "--color", "never", "src")
		if code != ExitFindings {
			t.Fatalf("%s: exit %d, want %d; stderr:\n%s", format, code, ExitFindings, stderr)
		}
		// The SARIF report names the working directory (%SRCROOT%): the
		// golden file holds a stand-in, wherever the repository is.
		wd, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
		stable := strings.ReplaceAll(stdout, "file://"+filepath.ToSlash(wd)+"/", "file:///SRCROOT/")
		outputtest.Golden(t, filepath.Join("..", "golden."+format), []byte(stable), *updateHostTree)
		if format == "sarif" {
			checkHostTreeSARIF(t, []byte(stdout))
		}
	}
}

func checkHostTreeSARIF(t *testing.T, data []byte) {
	t.Helper()
	schemaData, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "..", "..", "sarif", "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaData))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("not valid SARIF 2.1.0: %v", err)
	}

	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
							EndLine     int `json:"endLine"`
							EndColumn   int `json:"endColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range log.Runs[0].Results {
		if r.RuleID != "undefined-global" {
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		src, err := os.ReadFile(filepath.FromSlash(loc.ArtifactLocation.URI))
		if err != nil {
			t.Fatal(err)
		}
		reg := loc.Region
		line := strings.Split(string(src), "\n")[reg.StartLine-1]
		units := utf16.Encode([]rune(line))
		if reg.EndLine != reg.StartLine || reg.StartColumn < 1 || reg.EndColumn-1 > len(units) {
			t.Errorf("%s: region %+v does not fit its line %q", loc.ArtifactLocation.URI, reg, line)
			continue
		}
		if got := string(utf16.Decode(units[reg.StartColumn-1 : reg.EndColumn-1])); got != "tonumbr" {
			t.Errorf("%s:%d: the region covers %q, want \"tonumbr\"", loc.ArtifactLocation.URI, reg.StartLine, got)
		}
		seen[filepath.Ext(loc.ArtifactLocation.URI)] = true
	}
	entries, err := os.ReadDir("src")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); !seen[ext] && e.Name() != "plain.js" {
			t.Errorf("no undefined-global result in a %s file (%s)", ext, e.Name())
		}
	}
}

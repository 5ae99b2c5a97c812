package python

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestFormatAgainstPython checks .format filled with constant strings
// against Python: the script S the front end assembles must be the text
// python3 computes for S (skipped when python3 is not installed).
func TestFormatAgainstPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	srcs := []string{
		"T = \"\"\"\nif {condition} redis.call('zscore', {key}, {member}) then\n  redis.call('zadd', {key}, {score}, {member})\nend\n\"\"\"\n" +
			"S = T.format(key=\"KEYS[1]\", score='ARGV[1]', member=\"ARGV[2]\", condition=\"not\")\n",
		"F = \"\"\"\n  redis.call('sadd', {add}, {val})\n\"\"\"\nM = \"\"\"\nlocal t = {{}}\nif #t > 0 then\n  {on_success}\nend\n\"\"\"\n" +
			"S = M.format(on_success=F.format(add=\"KEYS[2]\", val=\"ARGV[2]\"))\n",
		"K = 'KEYS[1]'\nS = \"return redis.call('get', {}) .. {!s:}\".format(K, 'ARGV[1]')\n",
		"S = \"return redis.call('get', {1}) -- {0}\\n\".format('a\\tb' \"\\u00e9\", r'KEYS[1]')\n",
		"S = 'return {{{k}}}'.format(k=\"redis.call('get', KEYS[1])\")\n",
		"S = textwrap.dedent('''\n    local v = {x}\n    return redis.call('get', v)\n''').format(x='KEYS[1]').strip()\n",
	}
	var py strings.Builder
	py.WriteString("import json, textwrap\nout = []\n")
	for _, src := range srcs {
		py.WriteString("exec(" + pyQuote(src) + ", ns := {'textwrap': textwrap})\nout.append(ns['S'])\n")
	}
	py.WriteString("print(json.dumps(out))\n")
	cmd := exec.Command(python, "-c", py.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v: %s", err, stderr.String())
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(srcs) {
		t.Fatalf("python3 output %q: %v", out, err)
	}
	for i, src := range srcs {
		found, err := New().Find("x.py", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var got *string
		for _, s := range found.Scripts {
			if s.Name == "S" {
				text := string(s.Text)
				got = &text
			}
		}
		if got == nil {
			t.Errorf("%s: no script S (found %d)", src, len(found.Scripts))
			continue
		}
		if *got != want[i] {
			t.Errorf("%s: script %q, python3 sends %q", src, *got, want[i])
		}
		if len(found.Scripts) != 1 {
			t.Errorf("%s: %d scripts, want only S (a template or fragment is none)", src, len(found.Scripts))
		}
	}
}

// pyQuote writes s as a Python string literal.
func pyQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

package javascript

import (
	"encoding/hex"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestDecodeAgainstNode checks the literal decoder against Node.js: each
// literal's text must be the UTF-8 bytes Node sends for the same source
// (skipped when node is not installed).
func TestDecodeAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	lits := []string{
		`'plain'`, `"double \"quoted\" and \'single\'"`, `'esc \n\t\r\b\f\v\0 end'`,
		`'hex \x41\x7e\xe9\xff'`, `'uni \u0041\u00e9\u20ac'`, `'braces \u{1F600}\u{41}'`,
		`'pair \uD83D\uDE00 lone \uD800 x'`, `'octal \101\7\08\377\400'`, `'eight \8\9'`,
		"'cont \\\nnext'", "'cont crlf \\\r\nnext'", `'other \q\a\c\é'`,
		"`tpl \\n ${'x'} \\` \\${notph}`", "`multi\nline\r\ncrlf\rcr`", "`tpl \\u{1F600} \\x41 \\0`",
		"String.raw`raw \\n \\x41 \\``", "String.raw`raw\r\ncrlf`", `'é直接😀'`,
	}
	var js strings.Builder
	js.WriteString("const out = [];\n")
	for _, l := range lits {
		js.WriteString("out.push(Buffer.from(" + l + ", 'utf8').toString('hex'));\n")
	}
	js.WriteString("process.stdout.write(JSON.stringify(out));\n")
	cmd := exec.Command(node, "-e", js.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(lits) {
		t.Fatalf("node output %q: %v", out, err)
	}
	for i, l := range lits {
		toks := lex([]byte("x = " + l))
		last := toks[len(toks)-1]
		if last.kind != tString || !last.str.OK {
			t.Errorf("%s: not lexed as one literal", l)
			continue
		}
		text := last.str.Value()
		if strings.Contains(l, "${'x'}") {
			text = strings.Replace(text, "__host_value__", "x", 1)
		}
		if got := hex.EncodeToString([]byte(text)); got != want[i] {
			t.Errorf("%s: decoded %q, node sends %q", l, text, mustHex(want[i]))
		}
	}
}

func mustHex(s string) string {
	b, _ := hex.DecodeString(s)
	return string(b)
}

package php

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDecodeAgainstPHP checks the literal decoder against the php command:
// each literal's text must be the bytes PHP makes of the same source
// (placeholders filled with "V"; skipped when php is not installed).
func TestDecodeAgainstPHP(t *testing.T) {
	php, err := exec.LookPath("php")
	if err != nil {
		t.Skip("php not installed")
	}
	lits := []string{
		`'plain'`, `'single \' \\ \n \x41 kept'`, `"double \" \\ \$ \n\t\r\v\e\f end"`,
		`"octal \101\7\08\400 hex \x41\x4\xg uni \u{e9}\u{1F600} \u \q"`,
		`"vars $v {$v} ${v} $a[0] $o->p $ alone"`, "'multi\nline\r\ncrlf'",
		"<<<EOT\nheredoc \\\" \\$ \\n $v {$v}\nEOT", "<<<\"EOT\"\nquoted heredoc $v\nEOT",
		"<<<'EOT'\nnowdoc \\n $v {$v}\nEOT", "<<<'EOT'\n    indented\n      more\n\n    last\n    EOT",
		"<<<EOT\n\tTAB $v\n\t\tx\n\tEOT", "<<<EOT\nEOT", "<<<EOT\r\ncrlf body\r\nEOT", `'é直接😀'`,
	}
	var prog strings.Builder
	prog.WriteString("<?php\n$v = 'V'; $a = ['V']; $o = new stdClass; $o->p = 'V'; $out = [];\n")
	for _, l := range lits {
		prog.WriteString("$out[] = bin2hex(" + l + "\n);\n")
	}
	prog.WriteString("echo json_encode($out);\n")
	file := filepath.Join(t.TempDir(), "lits.php")
	if err := os.WriteFile(file, []byte(prog.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(php, file).Output()
	if err != nil {
		t.Fatalf("php: %v: %s", err, out)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(lits) {
		t.Fatalf("php output %q: %v", out, err)
	}
	for i, l := range lits {
		toks := lex([]byte("<?php $x = " + l + "\n;"))
		if len(toks) != 4 || toks[2].kind != tString || !toks[2].str.OK {
			t.Errorf("%s: not lexed as one literal", l)
			continue
		}
		var sb strings.Builder
		for _, s := range toks[2].str.Segs {
			if s.PH {
				sb.WriteString("V")
			} else {
				sb.WriteString(s.Text)
			}
		}
		text := sb.String()
		if got := hex.EncodeToString([]byte(text)); got != want[i] {
			b, _ := hex.DecodeString(want[i])
			t.Errorf("%s: decoded %q, php makes %q", l, text, b)
		}
	}
}

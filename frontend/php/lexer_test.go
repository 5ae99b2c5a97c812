package php

import (
	"strings"
	"testing"
)

// TestLex checks the token kinds of inputs where a lexer goes wrong: text
// outside PHP, ?> in a comment, attributes, heredoc markers, casts.
func TestLex(t *testing.T) {
	kinds := map[kind]string{tIdent: "id", tVar: "var", tNumber: "num", tString: "str", tPunct: "p"}
	for _, c := range []struct{ src, want string }{
		{"<p>'html</p><?php $x = 'a'; ?><p>\"</p>", "var,p,str,p"},
		{"<?php // comment ?> 'html' <?php $y", "var"},
		{"<?php #[Attr] $a # comment 'x'\n$b", "p,id,p,var,var"},
		{"<?php $s = <<<EOT\n  a $v\n  EOT . 'b';", "var,p,str,p,str,p"},
		{"<?php $s = <<<'EOT'\nEOTX\nEOT;", "var,p,str,p"},
		{"<?php $a << 2; $b <<<X", "var,p,num,p,var,p,id"},
		{"<?php 1.5 . 'x' . .5", "num,p,str,p,num"},
		{"<?php \\Foo\\Bar::baz()", "id,p,id,p,p"},
	} {
		var got []string
		for _, tk := range lex([]byte(c.src)) {
			got = append(got, kinds[tk.kind])
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("lex(%q) = %s, want %s", c.src, strings.Join(got, ","), c.want)
		}
	}
}

package javascript

import (
	"strings"
	"testing"
)

// TestLex checks the token kinds of inputs where a lexer goes wrong: a
// slash as regex or division, quotes inside regexes and comments, nested
// templates in placeholders.
func TestLex(t *testing.T) {
	kinds := map[kind]string{tIdent: "id", tNumber: "num", tString: "str", tRegex: "re", tPunct: "p"}
	for _, c := range []struct{ src, want string }{
		{`x = /'/g`, "id,p,re"},
		{`a / b / c`, "id,p,id,p,id"},
		{`f(x) / 2`, "id,p,id,p,p,num"},
		{`return /"/.test(s)`, "id,re,p,id,p,id,p"},
		{"// it's a comment\nx", "id"},
		{"/* ` */ 'a'", "str"},
		{"`a ${ `b ${ {c: 'd'}.c } e` } f` + 1", "str,p,num"},
		{"'unterminated\nx", "str,id"},
		{"a?.5:b", "id,p,num,p,id"},
		{"#!/usr/bin/env node\nx", "id"},
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

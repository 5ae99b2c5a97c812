package luaast_test

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestLinesFromLexer checks the line index the lexer collects (Parse and
// a reused Parser) against NewLineIndex's scan, on every kind of line
// break in every place one can be: between tokens, in comments, in long
// strings, escaped in quoted strings, in a shebang, and in scripts the
// parse stops early on.
func TestLinesFromLexer(t *testing.T) {
	srcs := []string{
		"", "\n", "\r", "\r\n", "\n\r", "\r\r", "\n\n", "\n\r\n", "\r\n\r", "\n\r\r\n",
		"local a = 1\r\nlocal b = 2\n\rreturn a\rreturn b",
		"x = 1 -- c\r\n-- d\r\ry = 2 --[[ long\r\n comment\n\r]] z = 3",
		"s = [[\r\nab\n\rcd\ref\r\n]] t = [==[\n]] ]==]\n",
		"s = 'a\\\r\nb\\\n\rc\\\rd\\\ne'\n",
		"#!lua name=x\nreturn 1\n", "#!lua name=x\r\nreturn 1\r\n", "#!lua\rname=x\nreturn 1\n",
		"#!lua name=x", "#!lua\n\r\n",
		"\t  \n  \t\r\n\v\f\n x = 1",
		"local x = f(\n\n", // errors: the lexer stops before the end
		"x = 'unfinished\r\ny = 2\n",
		"x = [[\nunfinished\r\n",
		"x = 1\n\r@\r\n\r\n",
		"\xef\xbb\xbfx = 1\n",
		"x = 1\x00\ny = 2\n",
	}
	for _, s := range fuzzSeeds() {
		srcs = append(srcs, string(s))
	}
	// Past the Parser's line buffer (a long script's index is its own),
	// with a short script after it, and one with more lines than the
	// buffer is sized for.
	srcs = append(srcs, string(luagen.Generate(5, 100<<10)), "x = 1\ny = 2\n",
		strings.Repeat("\n", 40<<10)+"x = 1", "return 1\r\n")
	var ps luaast.Parser
	for _, src := range srcs {
		f, _ := luaast.Parse("t.lua", []byte(src))
		checkLines(t, f.Lines, []byte(src))
		f, _ = ps.Parse("t.lua", []byte(src))
		checkLines(t, f.Lines, []byte(src))
	}
}

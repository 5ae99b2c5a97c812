package analyzer

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestGluedKeywordHint(t *testing.T) {
	tests := []struct {
		name, src, msg string
		pos            int // -1: where "@" is in src (then removed from it)
		want           string
	}{
		{"two keywords before the error", "if a then f() elsebreak@; end", "'=' expected near ';'", -1,
			": 'elsebreak' is read as one name; is a space missing between 'else' and 'break'?"},
		{"across a line break", "if a then f() endreturn\n@x", "'=' expected near 'x'", -1,
			": 'endreturn' is read as one name; is a space missing between 'end' and 'return'?"},
		{"the expected keyword glued to a name", "if a @thenredis.call('X') end", "'then' expected near 'thenredis'", -1,
			": 'thenredis' is read as one name; is a space missing between 'then' and 'redis'?"},
		{"a name starting with an unexpected keyword", "local x = 1 @endpoint", "'=' expected near 'endpoint'", -1, ""},
		{"operator words are names", "local notnil @x", "'=' expected near 'x'", -1, ""},
		{"a field name is not glued", "x.elsebreak @y", "'=' expected near 'y'", -1, ""},
		{"no name near the error", "local x = @)", "unexpected symbol near ')'", -1, ""},
		{"a keyword alone", "else@", "'<eof>' expected near 'else'", -1, ""},
		{"an offset past the end", "x", "'=' expected near <eof>", 5, ""},
		{"a negative offset", "x", "'=' expected near <eof>", -2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, pos := tt.src, tt.pos
			if pos == -1 {
				pos = strings.IndexByte(src, '@')
				src = src[:pos] + src[pos+1:]
			}
			if got := gluedKeywordHint(tt.msg, []byte(src), luaast.Pos(pos)); got != tt.want {
				t.Errorf("hint = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPlaceholderHint(t *testing.T) {
	tests := []struct {
		name, src string // the error is at "@" in src (removed)
		want      string
	}{
		{"StackExchange.Redis parameter", "return redis.call('GET', @@counterKey)", "'@counterKey' (StackExchange.Redis)"},
		{"Carmine parameter with dashes", "return redis.call('GET', _:qk@-seen)", "'_:qk-seen' (Carmine)"},
		{"Carmine parameter after the name", "return redis.call('GET', _:key@)", "'_:key' (Carmine)"},
		{"an at sign alone", "return @@ 1", ""},
		{"a method call on a name ending in _", "return obj_:m@-1", ""},
		{"no placeholder", "local x = @)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := strings.IndexByte(tt.src, '@')
			src := tt.src[:pos] + tt.src[pos+1:]
			got := placeholderHint([]byte(src), luaast.Pos(pos))
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("hint = %q, want it to contain %q", got, tt.want)
			}
		})
	}
	if got := placeholderHint([]byte("x"), 5); got != "" {
		t.Errorf("offset past the end: %q", got)
	}
}

package goembed

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestCheckFilesFromSyntax checks what .go files named alone (read from
// their syntax, without types) yield: which calls and constants are
// scripts, and where their findings land in the Go file.
func TestCheckFilesFromSyntax(t *testing.T) {
	const goredis = "package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\nvar _ context.Context\n\n"
	tests := []struct {
		name string
		src  string
		// want are the findings as "RULE LINE:COL TEXT" (TEXT: the Go
		// source the finding covers).
		want []string
		// byName is the number of calls recognised by name.
		byName int
	}{
		{
			name: "NewScript with a raw string with CRLF line endings",
			src:  goredis + "var s = redis.NewScript(`\r\nlocal x = 1\r\nreturn tonumbr(x)\r\n`)\r\n",
			want: []string{"undefined-global 13:8 tonumbr"}, byName: 1,
		},
		{
			name: "Eval with an interpreted string with escapes",
			src:  goredis + "func f(ctx context.Context, c *redis.Client) {\n\tc.Eval(ctx, \"local a = '\\t\\u00e9'\\nreturn tonumbr(a)\", nil)\n}\n",
			want: []string{"undefined-global 12:44 tonumbr"}, byName: 1,
		},
		{
			name: "concatenated constants map into each part",
			src:  goredis + "const a = \"local x = 1\\n\"\n\nconst b = a + `return tonumbr(x)`\n\nvar s = redis.NewScript(b)\n",
			want: []string{"undefined-global 13:23 tonumbr"}, byName: 1,
		},
		{
			name: "go-redis v7: the source comes first",
			src:  "package p\n\nimport \"github.com/go-redis/redis/v7\"\n\nfunc f(c *redis.Client) { c.Eval(\"return tonumbr(1)\", nil) }\n",
			want: []string{"undefined-global 5:42 tonumbr"}, byName: 1,
		},
		{
			name: "redigo under another name, and rueidis",
			src: "package p\n\nimport (\n\trg \"github.com/gomodule/redigo/redis\"\n\t\"github.com/redis/rueidis\"\n)\n\n" +
				"var a = rg.NewScript(1, \"return tonumbr(1)\")\n\nvar b = rueidis.NewLuaScriptReadOnly(`return tonumbr(2)`)\n",
			want: []string{"undefined-global 8:33 tonumbr", "undefined-global 10:46 tonumbr"}, byName: 1,
		},
		{
			name: "redigo's keyCount is checked without types",
			src:  "package p\n\nimport \"github.com/gomodule/redigo/redis\"\n\nvar a = redis.NewScript(1, \"return KEYS[2]\")\n",
			want: []string{"numkeys-mismatch 5:25 1"},
		},
		{
			name: "a constant holding a script, passed to code not recognised",
			src:  "package p\n\nconst script = `return redis.pcall('GET', KEYS[1]) .. tonumbr(1)`\n\nfunc f() { wrapper.Run(script) }\n",
			want: []string{"undefined-global 3:55 tonumbr"},
		},
		{
			name: "Eval in a file that imports no client is not a client call",
			src:  "package p\n\ntype ev struct{}\n\nfunc (ev) Eval(s string) {}\n\nfunc f(e ev) { e.Eval(\"return tonumbr(1)\") }\n",
		},
		{
			name: "NewScript of another package is not a client's",
			src:  "package p\n\nimport (\n\t\"example.com/mylib\"\n\n\t_ \"github.com/redis/go-redis/v9\"\n)\n\nvar s = mylib.NewScript(\"return tonumbr(1)\")\n",
		},
		{
			name: "a format for fmt.Sprintf and a piece of a concatenation are not scripts alone",
			src: "package p\n\nimport \"fmt\"\n\nconst tmpl = \"return redis.call('%s', KEYS[1]) + %d\"\n\nvar s = use(fmt.Sprintf(tmpl, \"GET\", 1))\n\n" +
				"const head = \"local v = redis.call('GET', KEYS[1])\\n\"\n\nvar body = head + tail()\n",
		},
		{
			name: "a package variable holding a script, passed to code not recognised",
			src:  "package p\n\nvar script = `return redis.call('GET', KEYS[1]) .. tonumbr(1)`\n\nfunc f() { wrapper.Run(script) }\n",
			want: []string{"undefined-global 3:52 tonumbr"},
		},
		{
			name: "a function variable holding a script",
			src:  "package p\n\nfunc f() {\n\ts := \"return redis.pcall('GET', KEYS[1]) .. tonumbr(1)\"\n\twrapper.Run(s)\n}\n",
			want: []string{"undefined-global 4:46 tonumbr"},
		},
		{
			name: "a fmt.Sprintf template held by a variable: its verbs are placeholders, %% a percent sign",
			src: "package p\n\nimport \"fmt\"\n\nvar tmpl = fmt.Sprintf(`\nfor i = 1, #KEYS, %d do\n  redis.call('SET', KEYS[i], string.format('%%d', i))\nend\n" +
				"return tonumbr(%[1]d)`, 2)\n",
			want: []string{"undefined-global 9:8 tonumbr"},
		},
		{
			name: "a fmt.Sprintf template of a constant format passed to redigo's NewScript through a variable",
			src: "package p\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/gomodule/redigo/redis\"\n)\n\nconst format = \"--%d\\nreturn tonumbr(KEYS[2])\"\n\n" +
				"func f(n int) {\n\tsrc := fmt.Sprintf(format, n)\n\t_ = redis.NewScript(1, src)\n}\n",
			want: []string{"undefined-global 9:30 tonumbr", "numkeys-mismatch 13:22 1"},
		},
		{
			name: "a wrapper client's scripting calls: the literal argument whose text calls Redis",
			src: "package p\n\nimport red \"github.com/redis/go-redis/v9\"\n\nvar _ red.Cmd\n\n" +
				"func f(c *Redis) {\n\tc.Eval(`return tonumbr(redis.call(\"GET\", KEYS[1]))`, []string{\"k\"})\n" +
				"\tc.ScriptLoadCtx(ctx, `redis.call(\"SET\", KEYS[1], 1) return tonumbr(1)`)\n" +
				"\t_ = NewScript(`return tonumbr(redis.call(\"INCR\", KEYS[1]))`)\n}\n",
			want: []string{"undefined-global 8:17 tonumbr", "undefined-global 9:61 tonumbr", "undefined-global 10:24 tonumbr"},
		},
		{
			name: "a Functions library template in a struct field: its verbs are placeholders",
			src: "package p\n\ntype lib struct{ Code string }\n\nvar l = lib{Code: `#!lua name=%s\n" +
				"redis.register_function{function_name='%s', callback=function(keys) return tonumbr(keys[1]) end, flags={'%s'}}`}\n",
			want: []string{"undefined-global 6:76 tonumbr"},
		},
		{
			name: "a template of itself (a cycle the type checker rejects) is followed no further",
			src:  "package p\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\nvar x = fmt.Sprintf(x, 1)\n\nvar a = fmt.Sprintf(b)\n\nvar b = fmt.Sprintf(a)\n\nvar s, t = redis.NewScript(x), redis.NewScript(a)\n",
		},
		{
			name: "no script: a Sprintf of SQL, a variable mentioning redis.call in prose, one set twice, a wrapper call without a Redis call",
			src: "package p\n\nimport \"fmt\"\n\nvar q = fmt.Sprintf(\"SELECT * FROM t WHERE id = %d\", 1)\n\n" +
				"var help = \"call redis.call('GET', key) to read a key\"\n\n" +
				"var twice = \"return redis.call('GET', KEYS[1]) .. tonumbr(1)\"\n\nfunc f() { twice = \"\" }\n\n" +
				"func g(c *Client) { c.Eval(\"return tonumbr(1)\", nil); c.Eval(q, nil) }\n",
		},
		{
			name: "generic command calls: EVAL's numkeys is checked without types, a command that is not a script's is not one",
			src: "package p\n\nimport \"github.com/gomodule/redigo/redis\"\n\nfunc f(c redis.Conn) {\n" +
				"\tc.Do(\"EVAL\", \"return tonumbr(KEYS[2])\", 1, \"k\")\n\tc.Do(\"EVALSHA\", \"return tonumbr(1)\", 0)\n" +
				"\tc.Do(\"HSET\", \"EVAL\", \"return tonumbr(1)\")\n}\n",
			want: []string{"undefined-global 6:23 tonumbr", "numkeys-mismatch 6:42 1"},
		},
		{
			name: "a client's own package calls its constructors unqualified: the source is a script whatever its text",
			src: "package rueidis\n\nvar a = NewLuaScript(\"return {KEYS[1], tonumbr(1)}\")\n\n" +
				"func f() {\n\tbody := `return tonumbr(2)`\n\t_ = NewLuaScriptReadOnly(body)\n}\n",
			want: []string{"undefined-global 3:40 tonumbr", "undefined-global 6:18 tonumbr"}, byName: 2,
		},
		{
			name: "redigo's own package: NewScript(keyCount, src) unqualified, its keyCount checked",
			src:  "package redis\n\nvar a = NewScript(1, \"return KEYS[2]\")\n",
			want: []string{"numkeys-mismatch 3:19 1"},
		},
		{
			name: "a local variable passed to a known constructor is a script without a Redis call in its text",
			src:  "package app\n\nimport \"github.com/redis/rueidis\"\n\nfunc f() {\n\tscript := `return {KEYS[1], tonumbr(1)}`\n\t_ = rueidis.NewLuaScript(script)\n}\n",
			want: []string{"undefined-global 6:30 tonumbr"}, byName: 1,
		},
		{
			name: "an unqualified constructor outside a client's package is not a client's",
			src:  "package app\n\nvar a = NewLuaScript(\"return tonumbr(1)\")\n\nvar b = NewScript(\"return tonumbr(2)\")\n",
		},
		{
			name: "a constant without a Redis call is not a script",
			src:  "package p\n\nconst msg = \"return tonumbr(1)\"\n",
		},
		{
			name: "a source built at run time is not reported without types",
			src:  goredis + "func f(ctx context.Context, c *redis.Client, n string) {\n\tc.Eval(ctx, \"return \"+n, nil)\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "p.go")
			if err := os.WriteFile(name, []byte(tt.src), 0o600); err != nil {
				t.Fatal(err)
			}
			eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
			res, err := CheckPackages(context.Background(), eng, []string{name}, LoadOptions{Dir: dir, Display: DisplayRelative(dir)})
			if err != nil {
				t.Fatalf("CheckPackages: %v", err)
			}
			var got []string
			for _, fr := range res.Files {
				for _, d := range fr.Diagnostics {
					p := fr.Lines.Position(d.Span.Start)
					got = append(got, fmt.Sprintf("%s %d:%d %s", d.RuleID, p.Line, p.Column, fr.Src[d.Span.Start:d.Span.End]))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			wantNotice := tt.byName > 0
			if gotNotice := len(res.Notices) > 0; gotNotice != wantNotice ||
				wantNotice && !strings.HasPrefix(res.Notices[0], plural(tt.byName, "script call")+" ") {
				t.Errorf("notices %q, want one for %d calls: %v", res.Notices, tt.byName, wantNotice)
			}
			if res.Stats.GoFiles != 1 || res.Stats.Packages != 1 {
				t.Errorf("stats %+v, want 1 Go file in 1 package", res.Stats)
			}
		})
	}
}

func TestGuessPackageName(t *testing.T) {
	for path, want := range map[string]string{
		GoRedisV9Path:                     "redis",
		RueidisCompPath:                   "rueidiscompat",
		"github.com/foo/go-eval":          "eval",
		"github.com/foo/bar/v3":           "bar",
		"gopkg.in/yaml.v3":                "yaml_v3",
		"github.com/foo/lua-go":           "lua",
		"example.com/some-thing":          "some_thing",
		"fmt":                             "fmt",
		"github.com/aws/aws-sdk-go-v2/v2": "aws_sdk_go_v2",
	} {
		if got := guessPackageName(path); got != want {
			t.Errorf("guessPackageName(%q) = %q, want %q", path, got, want)
		}
	}
}

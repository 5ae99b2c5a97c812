//go:build devtools

// Command genapp writes the input of bench/hosts.sh: a generated
// application tree of host-language files (JavaScript, TypeScript,
// Python, Java, Ruby, PHP, C# and Go), of which a share embeds a Redis
// Lua script in a string literal passed to the language's client, and a
// larger share mentions redis without holding a script (client set-up
// code, which the front ends' byte prefilter lets through). The rest is
// plain application code. The output is deterministic for a seed.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("out", "bench/out/app", "write the tree under `DIR`")
	seed := flag.Uint64("seed", 1, "generator seed")
	files := flag.Int("files", 10000, "number of host files")
	scripts := flag.Float64("scripts", 0.01, "share of the files that hold a script")
	mentions := flag.Float64("mentions", 0.10, "share of the files that mention redis without a script")
	flag.Parse()
	if err := generate(*out, *seed, *files, *scripts, *mentions); err != nil {
		fmt.Fprintf(os.Stderr, "genapp: %v\n", err)
		os.Exit(2)
	}
}

// lang is one host language: its extension and how it writes a function,
// a comment, a client set-up and a script call.
type lang struct {
	ext      string
	function func(name string, i int) string
	client   string
	script   func(lua string) string
}

var langs = []lang{
	{".js", func(n string, i int) string {
		return fmt.Sprintf("// %s computes a value.\nfunction %s(a, b) {\n  const s = 'item-' + a;\n  return s.length + b * %d;\n}\n", n, n, i)
	}, "const Redis = require('ioredis');\nconst redis = new Redis();\n", func(lua string) string {
		return "redis.defineCommand('hit', {\n  numberOfKeys: 1,\n  lua: `" + lua + "`,\n});\n"
	}},
	{".ts", func(n string, i int) string {
		return fmt.Sprintf("// %s computes a value.\nexport function %s(a: number, b: string): string {\n  return `${b}-${a * %d}`;\n}\n", n, n, i)
	}, "import Redis from 'ioredis';\nconst redis = new Redis();\n", func(lua string) string {
		return "export const hit = (k: string) => redis.eval(`" + lua + "`, 1, k, '60');\n"
	}},
	{".py", func(n string, i int) string {
		return fmt.Sprintf("def %s(a, b):\n    \"\"\"Compute a value.\"\"\"\n    s = 'item-%%d' %% a\n    return len(s) + b * %d\n\n", n, i)
	}, "import redis\n\nr = redis.Redis()\n\n", func(lua string) string {
		return "HIT = r.register_script(\"\"\"" + lua + "\"\"\")\n\n"
	}},
	{".java", func(n string, i int) string {
		return fmt.Sprintf("  /** %s computes a value. */\n  static int %s(int a, String b) {\n    String s = \"item-\" + a;\n    return s.length() + b.length() * %d;\n  }\n", n, n, i)
	}, "  private final JedisPool pool = new JedisPool(\"localhost\", 6379); // redis\n", func(lua string) string {
		return "  static final String HIT = \"" + strings.ReplaceAll(lua, "\n", "\\n\" +\n      \"") + "\";\n  Object hit(Jedis jedis, String k) { return jedis.eval(HIT, 1, k, \"60\"); }\n"
	}},
	{".rb", func(n string, i int) string {
		return fmt.Sprintf("# %s computes a value.\ndef %s(a, b)\n  s = \"item-#{a}\"\n  s.length + b * %d\nend\n\n", n, n, i)
	}, "require 'redis'\nREDIS = Redis.new\n\n", func(lua string) string {
		return "HIT = <<~LUA\n" + lua + "\nLUA\n\ndef hit(k)\n  REDIS.eval(HIT, keys: [k], argv: [60])\nend\n\n"
	}},
	{".php", func(n string, i int) string {
		return fmt.Sprintf("// %s computes a value.\nfunction %s($a, $b) {\n    $s = 'item-' . $a;\n    return strlen($s) + $b * %d;\n}\n\n", n, n, i)
	}, "$redis = new Predis\\Client();\n\n", func(lua string) string {
		return "function hit($redis, $k) {\n    return $redis->eval(<<<'LUA'\n" + lua + "\nLUA, 1, $k, 60);\n}\n\n"
	}},
	{".cs", func(n string, i int) string {
		return fmt.Sprintf("    // %s computes a value.\n    static int %s(int a, string b) { var s = $\"item-{a}\"; return s.Length + b.Length * %d; }\n", n, n, i)
	}, "    static readonly ConnectionMultiplexer Redis = ConnectionMultiplexer.Connect(\"localhost\");\n", func(lua string) string {
		return "    const string Hit = @\"" + lua + "\";\n    static RedisResult HitKey(IDatabase db, string k) => db.ScriptEvaluate(Hit, new RedisKey[] { k }, new RedisValue[] { 60 });\n"
	}},
	{".go", func(n string, i int) string {
		return fmt.Sprintf("// %s computes a value.\nfunc %s(a int, b string) int {\n\ts := fmt.Sprintf(\"item-%%d\", a)\n\treturn len(s) + len(b)*%d\n}\n\n", n, n, i)
	}, "var rdb = redis.NewClient(&redis.Options{Addr: \"localhost:6379\"})\n\n", func(lua string) string {
		return "var hit = redis.NewScript(`" + lua + "`)\n\n"
	}},
}

// scriptsLua are the scripts embedded (a rate limiter, a lock, a queue).
var scriptsLua = []string{
	"\nlocal n = redis.call('INCR', KEYS[1])\nif n == 1 then\n  redis.call('EXPIRE', KEYS[1], ARGV[1])\nend\nreturn n\n",
	"\nif redis.call('GET', KEYS[1]) == ARGV[1] then\n  return redis.call('DEL', KEYS[1])\nend\nreturn 0\n",
	"\nlocal job = redis.call('RPOPLPUSH', KEYS[1], KEYS[2])\nif not job then\n  return false\nend\nredis.call('HSET', KEYS[3], job, ARGV[1])\nreturn job\n",
}

// wrap puts the body in the file's frame (package, class, imports).
func wrap(ext, name, body string) string {
	switch ext {
	case ".java":
		return "package app;\n\nimport redis.clients.jedis.*;\n\npublic class " + name + " {\n" + body + "}\n"
	case ".cs":
		return "using StackExchange.Redis;\n\nnamespace App;\n\npublic static class " + name + "\n{\n" + body + "}\n"
	case ".php":
		return "<?php\n\nnamespace App;\n\n" + body
	case ".go":
		imports := "import \"fmt\"\n\n"
		if strings.Contains(body, "redis.") {
			imports = "import (\n\t\"fmt\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n"
		}
		return "package app\n\n" + imports + "var _ = fmt.Sprint\n\n" + body
	}
	return body
}

func generate(out string, seed uint64, files int, scripts, mentions float64) error {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	nScripts := int(float64(files)*scripts + 0.5)
	nMentions := int(float64(files)*mentions + 0.5)
	kind := make([]int, files) // 0 plain, 1 mentions redis, 2 holds a script
	for i := range nScripts {
		kind[i] = 2
	}
	for i := nScripts; i < nScripts+nMentions && i < files; i++ {
		kind[i] = 1
	}
	rng.Shuffle(files, func(i, j int) { kind[i], kind[j] = kind[j], kind[i] })
	for i := range files {
		l := langs[i%len(langs)]
		name := fmt.Sprintf("Module%d", i)
		var b strings.Builder
		switch kind[i] {
		case 1:
			b.WriteString(l.client)
		case 2:
			b.WriteString(l.client)
			b.WriteString(l.script(scriptsLua[rng.IntN(len(scriptsLua))]))
		}
		for f := range 8 + rng.IntN(24) {
			b.WriteString(l.function(fmt.Sprintf("compute%d", f), rng.IntN(100)))
		}
		dir := filepath.Join(out, fmt.Sprintf("pkg%03d", i/100))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name+l.ext), []byte(wrap(l.ext, name, b.String())), 0o644); err != nil {
			return err
		}
	}
	return nil
}

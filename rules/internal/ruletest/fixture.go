// Package ruletest is the fixture harness of redis-lua-lint's rules: it
// reads the expectations written as comments in rules/testdata/<rule-id>/
// *.lua files, runs one rule over each file and compares what the rule
// reports with what the file says it should. The directive syntax is
// documented in rules/testdata/README.md.
package ruletest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/internal/wantspec"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Want is one expected finding (see package wantspec).
type Want = wantspec.Want

// RedisExpect says what the real server must answer for a fixture.
type RedisExpect int

// What a `-- redis:` directive can expect.
const (
	RedisOK    RedisExpect = iota + 1 // the script runs without error
	RedisError                        // an error reply containing Text
	RedisReply                        // a reply whose redistest rendering equals Text
	RedisSkip                         // not run; Text is the reason
)

// RedisSpec is a fixture's real-Redis confirmation: how to run the script
// and what the server must answer.
type RedisSpec struct {
	// Line is where the `-- redis:` directive is.
	Line   int
	Expect RedisExpect
	// Text is the error substring (RedisError), the expected reply
	// rendering (RedisReply, e.g. `bulk:"x41"`) or the skip reason.
	Text string
	Keys []string
	Args []string
	// Setup holds commands run, in order, after FLUSHALL and before the
	// script.
	Setup [][]string
	// FCall names the function to call after FUNCTION LOAD of a library;
	// empty means the expectation is about FUNCTION LOAD itself.
	FCall string
}

// Fixture is one parsed fixture file.
type Fixture struct {
	Path string
	Src  []byte
	// Wants are the expected findings, in line order.
	Wants []Want
	// Version is the target version: redisfacts.DefaultVersion unless a
	// `-- fixture: redis-version=...` directive says otherwise.
	Version redisfacts.Version
	// Options are the raw `-- fixture: option name=value` settings; they
	// are typed against the rule's OptionSpecs when the rule runs.
	Options map[string]string
	// Config holds the `-- fixture: config <yaml line>` lines, one YAML
	// document of configuration keys beside rules (commands:, includes:).
	Config string
	// AllowParseErrors is set by `-- fixture: allow-parse-errors`: the
	// file is linted even though luaast.Parse reports syntax errors.
	AllowParseErrors bool
	// Redis is nil when the fixture has no `-- redis:` directive.
	Redis *RedisSpec
}

var (
	wantRe    = regexp.MustCompile(`--\s*want(@[+-]?\d+)?:(.*)$`)
	fixtureRe = regexp.MustCompile(`--\s*fixture:(.*)$`)
	redisRe   = regexp.MustCompile(`--\s*(redis|redis-keys|redis-args|redis-setup|redis-fcall):(.*)$`)
)

// ParseFixture reads the directives of a fixture. Errors name the file and
// line of the malformed directive.
func ParseFixture(path string, src []byte) (*Fixture, error) {
	fx := &Fixture{Path: path, Src: src, Version: redisfacts.DefaultVersion, Options: map[string]string{}}
	var redis RedisSpec
	hasRedis, hasRunSetting := false, false
	lines := splitLines(string(src))
	for i, text := range lines {
		line := i + 1
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
		}
		if m := wantRe.FindStringSubmatch(text); m != nil {
			target := line
			if m[1] != "" {
				n, err := strconv.Atoi(m[1][1:])
				if err != nil {
					return nil, errf("bad line in %q: %v", "want"+m[1], err)
				}
				switch m[1][1] {
				case '+', '-':
					target = line + n
				default:
					target = n
				}
				if target < 1 || target > len(lines) {
					return nil, errf("want%s points at line %d, outside the file", m[1], target)
				}
			}
			ws, err := wantspec.Parse(m[2])
			if err != nil {
				return nil, errf("%v", err)
			}
			for j := range ws {
				ws[j].Line = target
			}
			fx.Wants = append(fx.Wants, ws...)
			continue
		}
		if m := fixtureRe.FindStringSubmatch(text); m != nil {
			if err := fx.parseFixtureDirective(strings.TrimSpace(m[1])); err != nil {
				return nil, errf("%v", err)
			}
			continue
		}
		if m := redisRe.FindStringSubmatch(text); m != nil {
			val := strings.TrimSpace(m[2])
			switch m[1] {
			case "redis":
				if hasRedis {
					return nil, errf("second `-- redis:` directive (the first is on line %d): one script, one expectation", redis.Line)
				}
				hasRedis = true
				redis.Line = line
				if err := parseRedisExpect(&redis, val); err != nil {
					return nil, errf("%v", err)
				}
			case "redis-keys":
				hasRunSetting = true
				redis.Keys = append(redis.Keys, strings.Fields(val)...)
			case "redis-args":
				hasRunSetting = true
				redis.Args = append(redis.Args, strings.Fields(val)...)
			case "redis-setup":
				hasRunSetting = true
				cmd := strings.Fields(val)
				if len(cmd) == 0 {
					return nil, errf("empty `-- redis-setup:` command")
				}
				redis.Setup = append(redis.Setup, cmd)
			case "redis-fcall":
				hasRunSetting = true
				if redis.FCall != "" || val == "" || strings.ContainsAny(val, " \t") {
					return nil, errf("`-- redis-fcall:` takes one function name, once")
				}
				redis.FCall = val
			}
		}
	}
	if hasRunSetting && !hasRedis {
		return nil, fmt.Errorf("%s: redis-keys/args/setup/fcall directives without a `-- redis:` expectation", path)
	}
	if hasRedis {
		fx.Redis = &redis
	}
	return fx, nil
}

// splitLines splits src as luaast.LineIndex counts lines (\n, \r\n, \n\r, \r),
// so directive line numbers agree with diagnostic positions.
func splitLines(src string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '\n' && c != '\r' {
			continue
		}
		lines = append(lines, src[start:i])
		if i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r') && src[i+1] != c {
			i++
		}
		start = i + 1
	}
	return append(lines, src[start:])
}

func (fx *Fixture) parseFixtureDirective(s string) error {
	switch {
	case strings.HasPrefix(s, "redis-version="):
		v, err := redisfacts.ParseVersion(strings.TrimPrefix(s, "redis-version="))
		if err != nil {
			return fmt.Errorf("fixture: %w", err)
		}
		fx.Version = v
	case strings.HasPrefix(s, "option "):
		name, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(s, "option ")), "=")
		if !ok || name == "" {
			return fmt.Errorf("fixture: write `-- fixture: option name=value`, got %q", s)
		}
		if _, dup := fx.Options[name]; dup {
			return fmt.Errorf("fixture: option %q set twice", name)
		}
		fx.Options[name] = val
	case s == "allow-parse-errors":
		fx.AllowParseErrors = true
	case strings.HasPrefix(s, "config "):
		fx.Config += strings.TrimPrefix(s, "config ") + "\n"
	default:
		return fmt.Errorf("fixture: unknown directive %q (known: redis-version=V, option name=value, config YAML, allow-parse-errors)", s)
	}
	return nil
}

func parseRedisExpect(r *RedisSpec, s string) error {
	verb, arg, _ := strings.Cut(s, " ")
	arg = strings.TrimSpace(arg)
	switch verb {
	case "ok":
		if arg != "" {
			return fmt.Errorf("redis: `ok` takes no argument, got %q", arg)
		}
		r.Expect = RedisOK
		return nil
	case "error", "reply":
		if strings.HasPrefix(arg, `"`) && verb == "error" {
			u, err := strconv.Unquote(arg)
			if err != nil {
				return fmt.Errorf("redis: bad quoted error text %s: %w", arg, err)
			}
			arg = u
		}
		if arg == "" {
			return fmt.Errorf("redis: %s needs the expected text", verb)
		}
		r.Expect, r.Text = RedisError, arg
		if verb == "reply" {
			r.Expect = RedisReply
		}
		return nil
	case "skip":
		if arg == "" {
			return fmt.Errorf("redis: skip needs a reason: `-- redis: skip (crashes the server)`")
		}
		r.Expect, r.Text = RedisSkip, arg
		return nil
	}
	return fmt.Errorf("redis: unknown expectation %q (known: ok, error \"text\", reply <rendering>, skip <reason>)", verb)
}

package lint

import (
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestParseConfigCommandsAndIncludesErrors checks that every malformed
// `commands:` or `includes:` entry is an error at the line of the
// offending value.
func TestParseConfigCommandsAndIncludesErrors(t *testing.T) {
	const f = ".redis-lua-lint.yaml:"
	tests := []struct {
		name, yaml, want string
	}{
		{"commands not a list", "commands: {name: X}\n", "commands must be a list of {name, arity, flags, keys}, got a mapping at " + f + "1"},
		{"command not a mapping", "commands:\n  - JSON.SET\n", `each command must be a mapping with name, arity, flags and keys, got "JSON.SET" at ` + f + "2"},
		{"command without name", "commands:\n  - arity: 2\n", "command without a name: add name: NAME at " + f + "2"},
		{"command name two words", "commands:\n  - name: CLIENT FOO\n", `command name "CLIENT FOO" must be one word at ` + f + "2"},
		{"command unknown key", "commands:\n  - name: X\n    aritty: 2\n", `unknown key "aritty" at ` + f + `3 (did you mean "arity"?)`},
		{"arity not an integer", "commands:\n  - name: X\n    arity: many\n", `arity must be an integer, got "many" at ` + f + "3"},
		{"flags not a list", "commands:\n  - name: X\n    flags: write\n", `flags must be a list, got "write" at ` + f + "3"},
		{"unknown flag", "commands:\n  - name: X\n    flags:\n      - write\n      - readnoly\n", `unknown command flag "readnoly" at ` + f + `5 (did you mean "readonly"?)`},
		{"write and readonly", "commands:\n  - name: X\n    flags: [write, readonly]\n", "command X cannot be both write and readonly at " + f + "2"},
		{"key position zero", "commands:\n  - name: X\n    keys: 0\n", "key position 0 must be 1 or more (the command name is 0) at " + f + "3"},
		{"key list item", "commands:\n  - name: X\n    keys:\n      - 1\n      - two\n", `a key position must be an integer, got "two" at ` + f + "5"},
		{"key range without first", "commands:\n  - name: X\n    keys: {last: 2}\n", "keys range without first: add first: N at " + f + "3"},
		{"key range unknown key", "commands:\n  - name: X\n    keys:\n      first: 1\n      stop: 2\n", `unknown key "stop" at ` + f + `5 (did you mean "step"?)`},
		{"key range backwards", "commands:\n  - name: X\n    keys: {first: 3, last: 2}\n", "command X: last key 2 comes before first key 3 at " + f + "2"},
		{"key step zero", "commands:\n  - name: X\n    keys: {first: 1, last: -1, step: 0}\n", "key step 0 must be 1 or more at " + f + "3"},
		{"keys of another type", "commands:\n  - name: X\n    keys: [[1]]\n", "a key position must be an integer, got a list at " + f + "3"},
		{"duplicate command", "commands:\n  - name: json.set\n  - name: JSON.SET\n", "command JSON.SET declared twice (first at line 2) at " + f + "3"},
		{"includes not a list", "includes: '^x(.*)'\n", `includes must be a list of regular expressions, got "^x(.*)" at ` + f + "1"},
		{"includes bad regexp", "includes:\n  - '^x(.*)'\n  - 'a(b'\n", `invalid regular expression "a(b" in includes: missing closing ): ` + "`a(b`" + ` at ` + f + "3"},
		{"includes without a group", "includes:\n  - '^load '\n", `the includes expression "^load " must have exactly one group (the included name), it has 0 at ` + f + "2 (write (?:...) for the other groups)"},
		{"includes with two groups", "includes:\n  - '^(load|use) (.*)'\n", "it has 2 at " + f + "2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig(".redis-lua-lint.yaml", "/proj", []byte(tt.yaml), configTestRules())
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error\n  %s\nwant it to contain\n  %s", err, tt.want)
			}
		})
	}
}

// TestParseConfigCommands checks what a declared command becomes: its
// arity, flags and key positions as the rules see them through the
// command lookup.
func TestParseConfigCommands(t *testing.T) {
	yaml := `commands:
  - name: json.set
    arity: -4
    flags: [write, denyoom]
    keys: {first: 1, last: 1, step: 1}
  - name: MYMOD.MGET
    arity: -2
    flags: [readonly]
    keys: {first: 1, last: -1}
  - name: MYMOD.COPY
    arity: 4
    flags: [write]
    keys: [1, 3]
  - name: NEWCMD
    flags: [noscript]
includes:
  - '^require_script\("([^"]+)"\)'
`
	cfg, err := ParseConfig("c.yaml", "/proj", []byte(yaml), configTestRules())
	if err != nil {
		t.Fatal(err)
	}
	v := redisfacts.DefaultVersion
	args := func(words ...string) []redisfacts.Arg {
		out := []redisfacts.Arg{}
		for _, w := range words {
			out = append(out, redisfacts.Arg{Text: w, Known: true})
		}
		return out
	}
	tests := []struct {
		name      string
		arity     int
		write     bool
		readonly  bool
		noscript  bool
		argv      []redisfacts.Arg
		positions []int
	}{
		{"JSON.SET", -4, true, false, false, args("JSON.SET", "k", "$", "1"), []int{1}},
		{"Json.Set", -4, true, false, false, args("JSON.SET", "k", "$", "1"), []int{1}},
		{"MYMOD.MGET", -2, false, true, false, args("MYMOD.MGET", "a", "b", "c"), []int{1, 2, 3}},
		{"MYMOD.COPY", 4, true, false, false, args("MYMOD.COPY", "a", "x", "b"), []int{1, 3}},
		{"NEWCMD", 0, false, false, true, args("NEWCMD", "a"), nil},
	}
	for _, tt := range tests {
		c := cfg.Commands.Lookup(v, tt.name)
		if c == nil {
			t.Errorf("%s: not found", tt.name)
			continue
		}
		if c.Arity != tt.arity || c.Flags.Write != tt.write || c.Flags.ReadOnly != tt.readonly || c.Flags.NoScript != tt.noscript {
			t.Errorf("%s: arity %d write %v readonly %v noscript %v", tt.name, c.Arity, c.Flags.Write, c.Flags.ReadOnly, c.Flags.NoScript)
		}
		pos, complete := c.KeyPositions(tt.argv)
		if !reflect.DeepEqual(pos, tt.positions) || !complete {
			t.Errorf("%s: key positions %v (complete %v), want %v", tt.name, pos, complete, tt.positions)
		}
	}
	if c := cfg.Commands.Lookup(v, "GET"); c == nil || c.Group == "declared" {
		t.Error("the table's GET is no longer found")
	}
	if cfg.Commands.IsUnlisted(v, "JSON.SET") || !cfg.Commands.IsUnlisted(v, "JSON.GET") {
		t.Error("a declared module command must be checked, an undeclared one left alone")
	}
	if len(cfg.Includes) != 1 || cfg.Includes[0].FindStringSubmatch(`require_script("a/b")`)[1] != "a/b" {
		t.Errorf("includes = %v", cfg.Includes)
	}
}

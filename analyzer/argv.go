package analyzer

import (
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Argv returns the command line of rc as the facts package reads it:
// argv[0] is the command name, then one Arg per argument, Known with its
// text when the argument's value is a constant string or number. A value
// certain to be some number but not which is given as "0": it can never be
// an option word such as GET or NX. Callers decide what an unknown
// argument means for them.
func (o *OriginInfo) Argv(rc *RedisCall) []redisfacts.Arg {
	argv := make([]redisfacts.Arg, 0, len(rc.Args)+1)
	argv = append(argv, redisfacts.Arg{Text: rc.Name, Known: rc.NameKnown})
	for _, a := range rc.Args {
		// The commonest arguments need no evaluation: a string literal is
		// its text, and an element of a table (KEYS[1], ARGV[2]) is never
		// a number or a constant (TestArgvFastPath).
		switch x := a.(type) {
		case *luaast.StringLit:
			argv = append(argv, redisfacts.Arg{Text: x.Value, Known: true})
			continue
		case *luaast.IndexExpr:
			argv = append(argv, redisfacts.Arg{})
			continue
		}
		argv = append(argv, o.argOf(a))
	}
	return argv
}

// argOf is the Arg of one argument, from its value as Of evaluates it.
func (o *OriginInfo) argOf(a luaast.Expr) redisfacts.Arg {
	ao := o.Of(a)
	if ao.IsNumber() {
		if n, ok := ao.ConstNumber(); ok {
			return redisfacts.Arg{Text: strconv.FormatFloat(n, 'g', -1, 64), Known: true}
		}
		return redisfacts.Arg{Text: "0", Known: true}
	}
	if s, ok := ao.ConstString(); ok {
		return redisfacts.Arg{Text: s, Known: true}
	}
	if n, ok := ao.ConstNumber(); ok {
		return redisfacts.Arg{Text: strconv.FormatFloat(n, 'g', -1, 64), Known: true}
	}
	return redisfacts.Arg{}
}

package analyzer

import (
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestNamedOracle checks Named (its callee bits, its buffer of
// answers) against a plain filter of Sites on real and generated files:
// for every callee of a file, pairs of them, and names the file does not
// call; answers given earlier must not change when later ones are built.
func TestNamedOracle(t *testing.T) {
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		calls := Calls(p)
		var callees []string
		for _, s := range calls.Sites {
			if !slices.Contains(callees, s.Callee) {
				callees = append(callees, s.Callee)
			}
		}
		queries := [][]string{{"nope"}, {"redis.setresp", "server.setresp"}, {"unpack"}, {"pcall", "xpcall"}, {"error", "assert"}, {}}
		for i, c := range callees {
			queries = append(queries, []string{c}, []string{c, "nope"}, []string{c + "x"}, []string{c, callees[(i+1)%len(callees)]})
		}
		type answer struct {
			q         []string
			got, copy []*CallSite
		}
		var answers []answer
		for _, q := range queries {
			got := calls.Named(q...)
			var want []*CallSite
			for _, s := range calls.Sites {
				if slices.Contains(q, s.Callee) {
					want = append(want, s)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: Named(%q) = %d sites, want %d", name, q, len(got), len(want))
			}
			answers = append(answers, answer{q, got, slices.Clone(got)})
			if got != nil {
				got = append(got, got[0]) // must copy, not write into the buffer
				_ = got
			}
		}
		for _, a := range answers {
			if !slices.Equal(a.got, a.copy) {
				t.Errorf("%s: the answer of Named(%q) was overwritten", name, a.q)
			}
			if got := calls.Named(a.q...); !slices.Equal(got, a.copy) {
				t.Errorf("%s: Named(%q) changed: %d sites, then %d", name, a.q, len(a.copy), len(got))
			}
		}
	}
}

// TestKeyArgsOracle checks every command call's KeyArgs and
// KeysComplete (built with the calls analysis's reused argument list and
// AppendKeyPositions) against KeyPositions on a freshly built argv.
func TestKeyArgsOracle(t *testing.T) {
	n := 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		calls := Calls(p)
		ix := calls.script.idx
		for _, rc := range calls.List {
			if rc.Command == nil {
				if len(rc.KeyArgs) != 0 {
					t.Errorf("%s: %s without a command has key args", name, rc.Name)
				}
				continue
			}
			n++
			argv := []redisfacts.Arg{{Text: rc.Name, Known: true}}
			for _, a := range rc.Args {
				argv = append(argv, ix.argText(a))
			}
			positions, complete := rc.Command.KeyPositions(argv)
			var want []luaast.Expr
			for _, pos := range positions {
				if pos >= 1 && pos <= len(rc.Args) {
					want = append(want, rc.Args[pos-1])
				}
			}
			if !slices.Equal(rc.KeyArgs, want) || rc.KeysComplete != (complete && rc.ArgCountKnown) {
				t.Errorf("%s: %s: KeyArgs %d, complete %v; want %d, %v", name, rc.Name, len(rc.KeyArgs), rc.KeysComplete, len(want), complete && rc.ArgCountKnown)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d command calls checked", n)
	}
}

// hasBlank reports whether s holds a space, tab, CR or LF.
func hasBlank(s string) bool { return strings.ContainsAny(s, " \t\r\n") }

// TestOnlySubcommandNamesHoldBlanks checks what resolveCommand relies on
// to refuse a command name holding a blank without scanning it: for every
// version, a name LookupCommand finds holds a blank exactly when it is a
// subcommand's, and a name with a blank other than one space is never
// found.
func TestOnlySubcommandNamesHoldBlanks(t *testing.T) {
	for _, s := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range redisfacts.Commands(v) {
			if hasBlank(c.Name) != c.IsSubcommand() {
				t.Errorf("%s: %q: blank %v, subcommand %v", s, c.Name, hasBlank(c.Name), c.IsSubcommand())
			}
			if c.IsSubcommand() {
				for _, b := range []string{"\t", "\r", "\n", "  "} {
					name := c.Container + b + c.Subcommand()
					if got := redisfacts.LookupCommand(v, name); got != nil {
						t.Errorf("%s: LookupCommand(%q) = %s, want nil", s, name, got.Name)
					}
				}
			}
		}
	}
}

package redisfacts

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/internal/editdist"
)

// CommandSet is the command table plus the commands a user declared in the
// configuration (module commands, commands of a server newer than the
// table). Every lookup of a command by name goes through it, so a declared
// command reaches every rule the way a table command does. A nil
// *CommandSet is the table alone. It is read-only once built and safe for
// concurrent use.
type CommandSet struct {
	declared map[string]*Command // by upper-case name
	names    []string            // the declared names, sorted
}

// CommandDecl is a command declared by the user: its name, arity (Redis's
// convention: the name counts, negative means "at least"), flags and where
// its keys are.
type CommandDecl struct {
	// Name is the command name (any case); a dotted module name such as
	// JSON.SET is fine.
	Name string
	// Arity counts the command name; -N means at least N; 0 means unknown
	// (no arity check).
	Arity int
	// Flags are flag names: write, readonly, denyoom, noscript, blocking,
	// fast, admin, pubsub, may-replicate.
	Flags []string
	// Keys are the key positions (argument indexes, the name is 0): either
	// a range (FirstKey, LastKey, Step, as COMMAND INFO gives them, LastKey
	// -1 for "to the last argument") or a list (KeyList).
	FirstKey, LastKey, Step int
	KeyList                 []int
}

// declaredFlags sets each flag a CommandDecl may carry, by name.
var declaredFlags = map[string]func(*CommandFlags){
	"admin":         func(f *CommandFlags) { f.Admin = true },
	"blocking":      func(f *CommandFlags) { f.Blocking = true },
	"denyoom":       func(f *CommandFlags) { f.DenyOOM = true },
	"fast":          func(f *CommandFlags) { f.Fast = true },
	"may-replicate": func(f *CommandFlags) { f.MayReplicate = true },
	"noscript":      func(f *CommandFlags) { f.NoScript = true },
	"pubsub":        func(f *CommandFlags) { f.PubSub = true },
	"readonly":      func(f *CommandFlags) { f.ReadOnly = true },
	"write":         func(f *CommandFlags) { f.Write = true },
}

// DeclaredFlags are the flag names a CommandDecl may carry, sorted.
var DeclaredFlags = slices.Sorted(maps.Keys(declaredFlags))

// always is the availability of a declared command: every version of both
// families.
var always = availability{redisFrom: 0, redisUntil: verNever, valkeyFrom: 0, valkeyUntil: verNever}

// NewCommand builds the Command d declares, or an error naming what is
// wrong with d (an unknown flag, a bad key range).
func NewCommand(d CommandDecl) (*Command, error) {
	name := strings.ToUpper(strings.TrimSpace(d.Name))
	if name == "" || strings.ContainsAny(name, " \t\r\n") {
		return nil, fmt.Errorf("command name %q must be one word", d.Name)
	}
	c := &Command{Name: name, Arity: d.Arity, Group: "declared", avail: always}
	for _, f := range d.Flags {
		set, ok := declaredFlags[strings.ToLower(strings.ReplaceAll(f, "_", "-"))]
		if !ok {
			return nil, fmt.Errorf("unknown flag %q of command %s", f, name)
		}
		set(&c.Flags)
	}
	if c.Flags.Write && c.Flags.ReadOnly {
		return nil, fmt.Errorf("command %s cannot be both write and readonly", name)
	}
	switch {
	case len(d.KeyList) > 0:
		if d.FirstKey != 0 || d.LastKey != 0 || d.Step != 0 {
			return nil, fmt.Errorf("command %s: give its keys as a list or as first/last/step, not both", name)
		}
		for _, p := range d.KeyList {
			if p < 1 {
				return nil, fmt.Errorf("command %s: key position %d must be 1 or more (the name is 0)", name, p)
			}
			c.KeySpecs = append(c.KeySpecs, KeySpec{Begin: BeginSearch{Kind: BeginIndex, Pos: p}, Find: FindKeys{Kind: FindRange, Step: 1}})
		}
	case d.FirstKey != 0:
		step := d.Step
		if step == 0 {
			step = 1
		}
		last := d.LastKey
		switch {
		case d.FirstKey < 1:
			return nil, fmt.Errorf("command %s: first key %d must be 1 or more (the name is 0)", name, d.FirstKey)
		case step < 1:
			return nil, fmt.Errorf("command %s: key step %d must be 1 or more", name, d.Step)
		case last == 0:
			last = d.FirstKey
		case last > 0 && last < d.FirstKey:
			return nil, fmt.Errorf("command %s: last key %d comes before first key %d", name, last, d.FirstKey)
		}
		spec := KeySpec{Begin: BeginSearch{Kind: BeginIndex, Pos: d.FirstKey}, Find: FindKeys{Kind: FindRange, Step: step}}
		if last < 0 {
			spec.Find.LastKey = last
		} else {
			spec.Find.LastKey = last - d.FirstKey
		}
		c.KeySpecs = []KeySpec{spec}
	case d.LastKey != 0 || d.Step != 0:
		return nil, fmt.Errorf("command %s: last key and step need a first key", name)
	}
	return c, nil
}

// NewCommandSet returns the table plus cmds (later declarations of a name
// replace earlier ones). A declared command wins over a table command of
// the same name: the user describes the server they run.
func NewCommandSet(cmds []*Command) *CommandSet {
	if len(cmds) == 0 {
		return nil
	}
	s := &CommandSet{declared: make(map[string]*Command, len(cmds))}
	for _, c := range cmds {
		if _, dup := s.declared[c.Name]; !dup {
			s.names = append(s.names, c.Name)
		}
		s.declared[c.Name] = c
	}
	sort.Strings(s.names)
	return s
}

// Declared returns the command declared under name (any case), or nil.
func (s *CommandSet) Declared(name string) *Command {
	if s == nil {
		return nil
	}
	return s.declared[strings.ToUpper(name)]
}

// Lookup is LookupCommand with the declared commands: a declared name is
// found on every version.
func (s *CommandSet) Lookup(v Version, name string) *Command {
	if s != nil {
		if c := s.Declared(name); c != nil {
			return c
		}
	}
	return LookupCommand(v, name)
}

// LookupSubcommand is LookupSubcommand of the table (declared commands
// have no subcommands).
func (s *CommandSet) LookupSubcommand(v Version, container, sub string) *Command {
	if s.Declared(container) != nil {
		return nil
	}
	return LookupSubcommand(v, container, sub)
}

// IsUnlisted is IsUnlistedCommand for a name that is not declared: a
// declared module command is checked like any other.
func (s *CommandSet) IsUnlisted(v Version, name string) bool {
	return s.Declared(name) == nil && IsUnlistedCommand(v, name)
}

// Suggest returns the command of v (table or declared) closest to name
// for a "did you mean", or "" when none is close (see Close).
func (s *CommandSet) Suggest(v Version, name string) string {
	best := Suggest(v, name)
	if s == nil || strings.Contains(name, " ") {
		return best
	}
	want := strings.ToUpper(strings.TrimSpace(name))
	bestDist := editdist.Limit(len(want)) + 1
	if best != "" {
		bestDist = editdist.Distance(want, best, 0)
	}
	for _, n := range s.names {
		if d := editdist.Distance(want, n, bestDist); d < bestDist && Close(want, n) {
			best, bestDist = n, d
		}
	}
	return best
}

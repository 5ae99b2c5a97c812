package redisfacts

import "sort"

// commandSpan locates the variants of one command name in commandTable.
type commandSpan struct {
	start, n uint16
}

// maxNameLen bounds the names looked up through the stack buffer; longer
// names are not commands.
const maxNameLen = 64

// LookupCommand returns the command called name (any case; "CLIENT KILL" or
// "client kill" for a subcommand) as it exists on v, or nil if v does not
// have it. Sentinel-only commands are never returned. It does not allocate.
func LookupCommand(v Version, name string) *Command {
	if isUpperASCII(name) {
		return lookupUpper(v, name)
	}
	if len(name) > maxNameLen {
		return nil
	}
	var buf [maxNameLen]byte
	n := copy(buf[:], name)
	upperASCII(buf[:n])
	return lookupSpan(v, findCommandBytes(buf[:n]))
}

// LookupSubcommand returns the subcommand sub of container (any case) on
// v, or nil. LookupSubcommand(v, "client", "kill") is "CLIENT KILL".
func LookupSubcommand(v Version, container, sub string) *Command {
	if len(container)+1+len(sub) > maxNameLen || container == "" || sub == "" {
		return nil
	}
	var buf [maxNameLen]byte
	n := copy(buf[:], container)
	buf[n] = ' '
	n++
	n += copy(buf[n:], sub)
	upperASCII(buf[:n])
	c := lookupSpan(v, findCommandBytes(buf[:n]))
	if c == nil || c.Container == "" {
		return nil
	}
	return c
}

func lookupUpper(v Version, name string) *Command {
	if i := commandIndex(name); i >= 0 {
		return lookupSpan(v, commandSpans[i])
	}
	return nil
}

// findCommandBytes is findCommand through the generated switch
// (commandIndex). Up to 32 bytes, the conversion to a string for a callee
// that does not keep it uses a buffer on the stack; longer names (rare:
// the longest command names are around 30 bytes) are bisected, so that
// no lookup allocates. TestCommandIndexMatchesBisection checks that the
// switch and the bisection agree.
func findCommandBytes(name []byte) commandSpan {
	if len(name) <= 32 {
		if i := commandIndex(string(name)); i >= 0 {
			return commandSpans[i]
		}
		return commandSpan{}
	}
	return findCommand(name)
}

// findCommand returns the variants of the command named name (upper case)
// in commandTable; n is 0 when there is none.
func findCommand[S string | []byte](name S) commandSpan {
	// sort.Search, open-coded over a fixed array so that the comparisons
	// are inlined and the []byte form does not allocate.
	lo, hi := 0, len(commandNames)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(commandNames[mid], name) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(commandNames) && commandNames[lo] == string(name) {
		return commandSpans[lo]
	}
	return commandSpan{}
}

func lookupSpan(v Version, s commandSpan) *Command {
	for i := int(s.start); i < int(s.start)+int(s.n); i++ {
		if commandTable[i].avail.has(v) {
			return &commandTable[i]
		}
	}
	return nil
}

// ExistsCertainly reports whether the data is sure about c's existence on
// v. It is false for commands Valkey added after the fork whose Redis
// status is unknown (LookupCommand returns them on Redis ≥ 7.4 so that no
// rule fires on a guess).
func (c *Command) ExistsCertainly(v Version) bool {
	_, certain := c.avail.state(v)
	return certain
}

// Commands returns the commands and subcommands that exist on v, sorted by
// name, for "did you mean" suggestions and documentation.
func Commands(v Version) []*Command {
	out := make([]*Command, 0, len(commandNames))
	for i := range commandTable {
		c := &commandTable[i]
		if c.avail.has(v) {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Subcommands returns the subcommands of container that exist on v, sorted.
func Subcommands(v Version, container string) []*Command {
	c := LookupCommand(v, container)
	if c == nil || !c.HasSubcommands {
		return nil
	}
	var out []*Command
	for i := range commandTable {
		s := &commandTable[i]
		if s.Container == c.Name && s.avail.has(v) {
			out = append(out, s)
		}
	}
	return out
}

func isUpperASCII(s string) bool {
	for i := range len(s) {
		if 'a' <= s[i] && s[i] <= 'z' {
			return false
		}
	}
	return true
}

func upperASCII(b []byte) {
	for i, ch := range b {
		if 'a' <= ch && ch <= 'z' {
			b[i] = ch - ('a' - 'A')
		}
	}
}

// LookupCall resolves the command of a call whose words are argv (argv[0]
// the command name): for a container such as CLIENT with a known second
// word it returns the subcommand ("CLIENT KILL"), or nil if v has no such
// subcommand; with an unknown second word, or none, it returns the
// container itself (HasSubcommands tells the caller). It returns nil when
// argv[0] is unknown or not a command on v.
func LookupCall(v Version, argv []Arg) *Command {
	if len(argv) == 0 || !argv[0].Known {
		return nil
	}
	c := LookupCommand(v, argv[0].Text)
	if c == nil || !c.HasSubcommands || len(argv) < 2 || !argv[1].Known {
		return c
	}
	return LookupSubcommand(v, c.Name, argv[1].Text)
}

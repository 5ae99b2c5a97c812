package redisfacts

import "strings"

// unlistedSince are commands that exist on newer Redis releases but are in
// neither data file, so there are no facts about them (arity, flags, keys).
// Written from the Redis 8.0 / 8.2 release notes as remembered, not
// verified on a server: they only keep unknown-command quiet.
var unlistedSince = table[uint16]{
	{"VADD", 8 << 8}, // Redis 8.0: vector sets
	{"VCARD", 8 << 8},
	{"VDIM", 8 << 8},
	{"VEMB", 8 << 8},
	{"VGETATTR", 8 << 8},
	{"VINFO", 8 << 8},
	{"VISMEMBER", 8<<8 | 2}, // Redis 8.2
	{"VLINKS", 8 << 8},
	{"VRANDMEMBER", 8 << 8},
	{"VREM", 8 << 8},
	{"VSETATTR", 8 << 8},
	{"VSIM", 8 << 8},
	{"XACKDEL", 8<<8 | 2}, // Redis 8.2: stream deletion with consumer-group awareness
	{"XDELEX", 8<<8 | 2},
}

// IsUnlistedCommand reports whether name may be a real command on v that
// the table does not describe, so that a rule must not call it unknown:
// module commands (any name with a dot, such as JSON.GET or FT.SEARCH:
// modules can be loaded on any server and ship with Redis ≥ 8.0) and a few
// newer Redis commands the data files lack.
func IsUnlistedCommand(v Version, name string) bool {
	if strings.IndexByte(name, '.') >= 0 {
		return true
	}
	if v.Valkey {
		return false
	}
	since, ok := unlistedSinceOf(name)
	return ok && packVersion(v) >= since
}

// unlistedSinceOf is unlistedSince.get(strings.ToUpper(name)) without the
// upper-case copy: callers pass names upper-cased already, and the others
// are upper-cased on the stack (unknown-command asks about every command
// call). TestUnlistedSinceOfMatchesTable checks it against the table.
func unlistedSinceOf(name string) (uint16, bool) {
	if isUpperASCII(name) {
		return unlistedSince.get(name)
	}
	var buf [16]byte
	if len(name) > len(buf) {
		return 0, false // longer than every name of the table
	}
	n := copy(buf[:], name)
	upperASCII(buf[:n])
	return unlistedSince.get(string(buf[:n]))
}

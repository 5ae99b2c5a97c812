package redisfacts

import "strings"

// TokenSince reports whether token (any case) is an option keyword of c on
// v. known is false when the argument tree does not mention the token, or
// when the data cannot tell for this version (a Valkey addition on a
// Redis ≥ 7.4 target); ok is then meaningless. Otherwise ok says whether v
// accepts the token: SET ... IFEQ is known but not ok on Redis 8.2.
func (c *Command) TokenSince(v Version, token string) (known bool, ok bool) {
	var found, uncertainHit bool
	walkArgs(c.Args, func(a *Argument) bool {
		if a.Token == "" || !strings.EqualFold(a.Token, token) {
			return true
		}
		exists, certain := a.avail.state(v)
		if !certain {
			uncertainHit = true
			return true
		}
		found = true
		if exists {
			ok = true
			return false
		}
		return true
	})
	if ok {
		return true, true
	}
	if uncertainHit {
		return false, false
	}
	return found, false
}

// FindToken returns the first argument of c's tree whose token is token
// (any case), or nil.
func (c *Command) FindToken(token string) *Argument {
	var out *Argument
	walkArgs(c.Args, func(a *Argument) bool {
		if a.Token != "" && strings.EqualFold(a.Token, token) {
			out = a
			return false
		}
		return true
	})
	return out
}

// Exists reports whether the argument exists on v (false also when the
// data cannot tell).
func (a *Argument) Exists(v Version) bool { return a.avail.has(v) }

// walkArgs visits the tree depth first until f returns false.
func walkArgs(args []Argument, f func(*Argument) bool) bool {
	for i := range args {
		if !f(&args[i]) {
			return false
		}
		if !walkArgs(args[i].Args, f) {
			return false
		}
	}
	return true
}

// FirstVersion returns the first version of the family (Valkey when valkey
// is set) that accepts the argument, as "8.4"; ok is false when the family
// never has it or the data cannot tell. Arguments as old as the data's
// history report "0.0".
func (a *Argument) FirstVersion(valkey bool) (version string, ok bool) {
	from := a.avail.redisFrom
	if valkey {
		from = a.avail.valkeyFrom
	}
	if from == verNever || from == verUncertain {
		return "", false
	}
	return Version{Major: int(from >> 8), Minor: int(from & 0xFF)}.String(), true
}

// integerArgsStrict are commands whose integer-typed leading arguments Redis
// parses as integers (verified on 7.0.15: a float fails with "value is not
// an integer or out of range", or "bit offset ..." for SETBIT/GETBIT); the
// command table's types alone are not reliable.
var integerArgsStrict = nameSet{
	"DECRBY", "EXPIRE", "EXPIREAT", "GETBIT", "GETRANGE", "HINCRBY", "INCRBY", "LINDEX", "LRANGE",
	"LSET", "LTRIM", "PEXPIRE", "PEXPIREAT", "PSETEX", "SELECT", "SETBIT", "SETEX", "SETRANGE",
}

// IntegerArgsStrict reports whether the command named name (upper case)
// rejects a fractional number in its integer-typed leading arguments. The
// argument table types some arguments as integers that the server parses
// as doubles (ZINCRBY's increment), so only these verified commands count.
func IntegerArgsStrict(name string) bool { return integerArgsStrict.has(name) }

package redisfacts

import "strings"

// The reply facts below are hand-written (the command JSON files do not
// describe reply types in a usable form); they cover the commands scripts
// call, from the reply sections of the command documentation. They matter
// because of the RESP2 → Lua conversion (redis-semantics.md §3.2): a status
// reply arrives as a table {ok = "..."} and a null as false.

// statusReplies are commands whose success reply is a status ("+OK",
// "+PONG", "+string" for TYPE ...), not a bulk string.
var statusReplies = nameSet{
	"ACL LOAD", "ACL SAVE", "ACL SETUSER", "ASKING", "AUTH", "CLIENT SETNAME", "CLUSTER ADDSLOTS",
	"CLUSTER BUMPEPOCH", "CLUSTER DELSLOTS", "CLUSTER FAILOVER", "CLUSTER FLUSHSLOTS",
	"CLUSTER FORGET", "CLUSTER MEET", "CLUSTER REPLICATE", "CLUSTER RESET", "CLUSTER SAVECONFIG",
	"CLUSTER SETSLOT", "CONFIG RESETSTAT", "CONFIG REWRITE", "CONFIG SET", "DEBUG", "DISCARD",
	"FLUSHALL", "FLUSHDB", "FUNCTION DELETE", "FUNCTION FLUSH", "FUNCTION RESTORE", "HMSET", "LSET",
	"LTRIM", "MEMORY PURGE", "MIGRATE", "MODULE LOAD", "MODULE UNLOAD", "MSET", "MULTI", "PFMERGE",
	"PING", "PSETEX", "QUIT", "READONLY", "READWRITE", "RENAME", "REPLICAOF", "RESET", "RESTORE",
	"RESTORE-ASKING", "SAVE", "SCRIPT FLUSH", "SCRIPT KILL", "SELECT", "SET", "SETEX", "SHUTDOWN",
	"SLAVEOF", "SLOWLOG RESET", "SWAPDB", "TYPE", "UNWATCH", "WATCH", "XGROUP CREATE",
	"XGROUP SETID", "XSETID",
}

// ReplyIsStatus reports whether c's success reply is a status reply (a
// {ok = ...} table in Lua) for its plain form. Options can change that:
// see ReplyIsStatusFor.
func (c *Command) ReplyIsStatus() bool { return statusReplies.has(c.Name) }

// ReplyIsStatusFor is ReplyIsStatus for one call: SET ... GET replies with a
// bulk string and PING with an argument echoes it. Unknown arguments that
// could be such an option make it false.
func (c *Command) ReplyIsStatusFor(argv []Arg) bool {
	if !statusReplies.has(c.Name) {
		return false
	}
	switch c.Name {
	case "PING":
		return len(argv) <= 1
	case "SET":
		return !anyToken(argv[min(len(argv), 3):], true, "GET")
	}
	return true
}

// nullable lists commands whose whole reply can be a null (false in Lua).
// A nil slice means always possible; otherwise only when one of the tokens
// is present.
var nullable = table[[]string]{
	{"BLMOVE", nil}, {"BLMPOP", nil}, {"BLPOP", nil}, {"BRPOP", nil}, {"BRPOPLPUSH", nil},
	{"BZMPOP", nil}, {"BZPOPMAX", nil}, {"BZPOPMIN", nil}, {"CLIENT GETNAME", nil}, {"DIGEST", nil},
	{"DUMP", nil}, {"GEODIST", nil}, {"GET", nil}, {"GETDEL", nil}, {"GETEX", nil}, {"GETSET", nil},
	{"HGET", nil}, {"HRANDFIELD", nil}, {"LINDEX", nil}, {"LMOVE", nil}, {"LMPOP", nil},
	{"LPOP", nil}, {"LPOS", nil}, {"OBJECT ENCODING", nil}, {"OBJECT FREQ", nil},
	{"OBJECT IDLETIME", nil}, {"OBJECT REFCOUNT", nil}, {"RANDOMKEY", nil}, {"RPOP", nil},
	{"RPOPLPUSH", nil}, {"SET", []string{"NX", "XX", "GET", "IFEQ", "IFNE", "IFDEQ", "IFDNE"}},
	{"SPOP", nil}, {"SRANDMEMBER", nil}, {"XADD", []string{"NOMKSTREAM"}}, {"XREAD", nil},
	{"XREADGROUP", nil}, {"ZADD", []string{"INCR"}}, {"ZMPOP", nil}, {"ZRANDMEMBER", nil},
	{"ZRANK", nil}, {"ZREVRANK", nil}, {"ZSCORE", nil},
}

// elementsNullable lists commands whose array reply can hold nulls.
var elementsNullable = nameSet{
	"GEOPOS", "HGETDEL", "HGETEX", "HMGET", "MGET", "SORT", "SORT_RO", "ZMSCORE",
}

// ReplyMayBeNull reports whether c's reply can be a null (false in Lua
// under RESP2): GET, HGET, LPOP, ZSCORE ..., and SET with NX/XX/GET. argv
// is the call (argv[0] the name) or nil for "some call"; unknown arguments
// count as possibly being the option.
func (c *Command) ReplyMayBeNull(argv []Arg) bool {
	toks, ok := nullable.get(c.Name)
	if !ok {
		return false
	}
	if toks == nil || argv == nil {
		return true
	}
	return anyToken(argv[min(len(argv), 1):], true, toks...)
}

// ReplyElementsMayBeNull reports whether c's array reply can contain nulls
// (MGET, HMGET, ZMSCORE, GEOPOS, SORT ... GET).
func (c *Command) ReplyElementsMayBeNull() bool { return elementsNullable.has(c.Name) }

// anyToken reports whether an argument equals one of toks; an unknown
// argument counts as unknownMatches.
func anyToken(argv []Arg, unknownMatches bool, toks ...string) bool {
	for _, a := range argv {
		if !a.Known {
			if unknownMatches {
				return true
			}
			continue
		}
		for _, t := range toks {
			if strings.EqualFold(a.Text, t) {
				return true
			}
		}
	}
	return false
}

// integerReplies are commands whose reply is always an integer (a Lua
// number): counters, lengths, counts of changed elements, TTLs. Replies that
// can be null (ZRANK, ZSCORE) or a string (INCRBYFLOAT) are not listed.
var integerReplies = nameSet{
	"APPEND", "BITCOUNT", "DBSIZE", "DECR", "DECRBY", "DEL", "EXISTS", "EXPIRE", "EXPIREAT",
	"EXPIRETIME", "GETBIT", "HDEL", "HEXISTS", "HINCRBY", "HLEN", "HSET", "HSETNX", "HSTRLEN",
	"INCR", "INCRBY", "LINSERT", "LLEN", "LPUSH", "LPUSHX", "LREM", "MSETNX", "PERSIST", "PEXPIRE",
	"PEXPIREAT", "PEXPIRETIME", "PFADD", "PFCOUNT", "PTTL", "PUBLISH", "RENAMENX", "RPUSH",
	"RPUSHX", "SADD", "SCARD", "SETBIT", "SETNX", "SETRANGE", "SINTERCARD", "SISMEMBER", "SMOVE",
	"SREM", "STRLEN", "TOUCH", "TTL", "UNLINK", "XACK", "XDEL", "XLEN", "XTRIM", "ZCARD", "ZCOUNT",
	"ZINTERCARD", "ZLEXCOUNT", "ZREM", "ZREMRANGEBYLEX", "ZREMRANGEBYRANK", "ZREMRANGEBYSCORE",
}

// arrayReplies are commands whose reply is always an array (a Lua table,
// empty when there is nothing), never a null, whatever their arguments.
// Commands whose reply shape depends on a count argument (LPOP, SPOP,
// SRANDMEMBER) or that can time out (XREAD) are not listed.
var arrayReplies = nameSet{
	"HGETALL", "HKEYS", "HMGET", "HVALS", "KEYS", "LRANGE", "MGET", "SCAN", "SDIFF", "SINTER",
	"SMEMBERS", "SMISMEMBER", "SSCAN", "SUNION", "TIME", "XRANGE", "XREVRANGE", "ZPOPMAX", "ZPOPMIN",
	"ZRANGE", "ZRANGEBYLEX", "ZRANGEBYSCORE", "ZREVRANGE", "ZREVRANGEBYLEX", "ZREVRANGEBYSCORE", "ZSCAN",
}

// ReplyIsArray reports whether the command named name (upper case) always
// replies with an array, which Lua receives as a table: never nil or
// false, empty when there is nothing to return.
func ReplyIsArray(name string) bool { return arrayReplies.has(name) }

// numericStringReplies are commands whose reply is a bulk string that
// always holds a number (the new value of a float counter or score).
var numericStringReplies = nameSet{
	"HINCRBYFLOAT", "INCRBYFLOAT", "ZINCRBY",
}

// ReplyIsInteger reports whether the command named name (upper case)
// always replies with an integer, which Lua receives as a number: never
// nil, false or a string.
func ReplyIsInteger(name string) bool { return integerReplies.has(name) }

// ReplyIsNumeric reports whether the command's reply is always a number or
// a string holding one, so tonumber of it is never nil.
func ReplyIsNumeric(name string) bool {
	return integerReplies.has(name) || numericStringReplies.has(name)
}

// ReplyIsFlagFor reports whether a call of c, whose reply is always an
// integer, answers yes or no with 0 or 1: SISMEMBER, HEXISTS, SETNX,
// HSETNX, EXPIRE, PERSIST, SMOVE, GETBIT ..., and EXISTS of exactly one
// key (with several keys it counts them). argv is the call (argv[0] the
// name), or nil when its argument count is unknown.
func (c *Command) ReplyIsFlagFor(argv []Arg) bool {
	switch c.Name {
	case "EXISTS":
		return len(argv) == 2
	case "EXPIRE", "EXPIREAT", "GETBIT", "HEXISTS", "HSETNX", "MSETNX", "PERSIST", "PEXPIRE",
		"PEXPIREAT", "PFADD", "RENAMENX", "SETBIT", "SETNX", "SISMEMBER", "SMOVE":
		return true
	}
	return false
}

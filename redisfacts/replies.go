package redisfacts

import "strings"

// The reply facts below are hand-written (the command JSON files do not
// describe reply types in a usable form); they cover the commands scripts
// call, from the reply sections of the command documentation. They matter
// because of the RESP2 → Lua conversion (redis-semantics.md §3.2): a status
// reply arrives as a table {ok = "..."} and a null as false.

// statusReplies are commands whose success reply is a status ("+OK",
// "+PONG", "+string" for TYPE ...), not a bulk string.
var statusReplies = map[string]bool{
	"SET": true, "SETEX": true, "PSETEX": true, "MSET": true, "RENAME": true,
	"LSET": true, "LTRIM": true, "HMSET": true, "PING": true, "TYPE": true,
	"SELECT": true, "FLUSHALL": true, "FLUSHDB": true, "RESTORE": true,
	"RESTORE-ASKING": true, "SWAPDB": true, "PFMERGE": true, "MIGRATE": true,
	"XGROUP CREATE": true, "XGROUP SETID": true, "XSETID": true,
	"CLIENT SETNAME": true, "SCRIPT FLUSH": true, "SCRIPT KILL": true,
	"FUNCTION DELETE": true, "FUNCTION FLUSH": true, "FUNCTION RESTORE": true,
	"CONFIG SET": true, "CONFIG RESETSTAT": true, "CONFIG REWRITE": true,
	"DEBUG": true, "READONLY": true, "READWRITE": true, "ASKING": true,
	"MULTI": true, "DISCARD": true, "WATCH": true, "UNWATCH": true,
	"SAVE": true, "SHUTDOWN": true, "QUIT": true, "RESET": true, "AUTH": true,
	"SLOWLOG RESET": true, "MEMORY PURGE": true,
	"REPLICAOF": true, "SLAVEOF": true,
	"MODULE LOAD": true, "MODULE UNLOAD": true, "ACL SETUSER": true, "ACL LOAD": true,
	"ACL SAVE": true, "CLUSTER RESET": true, "CLUSTER FORGET": true, "CLUSTER MEET": true,
	"CLUSTER ADDSLOTS": true, "CLUSTER DELSLOTS": true, "CLUSTER SETSLOT": true,
	"CLUSTER REPLICATE": true, "CLUSTER FAILOVER": true, "CLUSTER SAVECONFIG": true,
	"CLUSTER FLUSHSLOTS": true, "CLUSTER BUMPEPOCH": true,
}

// ReplyIsStatus reports whether c's success reply is a status reply (a
// {ok = ...} table in Lua) for its plain form. Options can change that:
// see ReplyIsStatusFor.
func (c *Command) ReplyIsStatus() bool { return statusReplies[c.Name] }

// ReplyIsStatusFor is ReplyIsStatus for one call: SET ... GET replies with a
// bulk string and PING with an argument echoes it. Unknown arguments that
// could be such an option make it false.
func (c *Command) ReplyIsStatusFor(argv []Arg) bool {
	if !statusReplies[c.Name] {
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
var nullable = map[string][]string{
	"GET": nil, "GETDEL": nil, "GETEX": nil, "GETSET": nil, "HGET": nil,
	"LPOP": nil, "RPOP": nil, "SPOP": nil, "LINDEX": nil, "LPOS": nil,
	"RPOPLPUSH": nil, "LMOVE": nil, "BLPOP": nil, "BRPOP": nil, "BLMOVE": nil,
	"BRPOPLPUSH": nil, "BZPOPMIN": nil, "BZPOPMAX": nil, "BLMPOP": nil, "BZMPOP": nil,
	"LMPOP": nil, "ZMPOP": nil, "ZSCORE": nil, "ZRANK": nil, "ZREVRANK": nil,
	"SRANDMEMBER": nil, "HRANDFIELD": nil, "ZRANDMEMBER": nil, "RANDOMKEY": nil,
	"DUMP": nil, "OBJECT ENCODING": nil, "OBJECT IDLETIME": nil, "OBJECT FREQ": nil,
	"OBJECT REFCOUNT": nil, "XREAD": nil, "XREADGROUP": nil, "GEODIST": nil,
	"DIGEST": nil, "CLIENT GETNAME": nil,
	"SET":  {"NX", "XX", "GET", "IFEQ", "IFNE", "IFDEQ", "IFDNE"},
	"ZADD": {"INCR"},
	"XADD": {"NOMKSTREAM"},
}

// elementsNullable lists commands whose array reply can hold nulls.
var elementsNullable = map[string]bool{
	"MGET": true, "HMGET": true, "ZMSCORE": true, "GEOPOS": true,
	"HGETDEL": true, "HGETEX": true, "SORT": true, "SORT_RO": true,
}

// ReplyMayBeNull reports whether c's reply can be a null (false in Lua
// under RESP2): GET, HGET, LPOP, ZSCORE ..., and SET with NX/XX/GET. argv
// is the call (argv[0] the name) or nil for "some call"; unknown arguments
// count as possibly being the option.
func (c *Command) ReplyMayBeNull(argv []Arg) bool {
	toks, ok := nullable[c.Name]
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
func (c *Command) ReplyElementsMayBeNull() bool { return elementsNullable[c.Name] }

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
var integerReplies = map[string]bool{
	"INCR": true, "INCRBY": true, "DECR": true, "DECRBY": true, "HINCRBY": true,
	"LLEN": true, "SCARD": true, "ZCARD": true, "HLEN": true, "XLEN": true, "STRLEN": true,
	"HSTRLEN": true, "EXISTS": true, "DEL": true, "UNLINK": true, "SADD": true, "SREM": true,
	"ZREM": true, "HDEL": true, "HSET": true, "HSETNX": true, "SETNX": true, "LPUSH": true,
	"RPUSH": true, "LPUSHX": true, "RPUSHX": true, "LREM": true, "LINSERT": true, "EXPIRE": true,
	"PEXPIRE": true, "EXPIREAT": true, "PEXPIREAT": true, "PERSIST": true, "TTL": true,
	"PTTL": true, "EXPIRETIME": true, "PEXPIRETIME": true, "SISMEMBER": true, "HEXISTS": true,
	"ZCOUNT": true, "ZLEXCOUNT": true, "BITCOUNT": true, "PFCOUNT": true, "PFADD": true,
	"APPEND": true, "SETRANGE": true, "GETBIT": true, "SETBIT": true, "DBSIZE": true,
	"PUBLISH": true, "ZREMRANGEBYSCORE": true, "ZREMRANGEBYRANK": true, "ZREMRANGEBYLEX": true,
	"SINTERCARD": true, "ZINTERCARD": true, "XDEL": true, "XACK": true, "XTRIM": true,
	"SMOVE": true, "MSETNX": true, "RENAMENX": true, "TOUCH": true,
}

// numericStringReplies are commands whose reply is a bulk string that
// always holds a number (the new value of a float counter or score).
var numericStringReplies = map[string]bool{
	"INCRBYFLOAT": true, "HINCRBYFLOAT": true, "ZINCRBY": true,
}

// ReplyIsInteger reports whether the command named name (upper case)
// always replies with an integer, which Lua receives as a number: never
// nil, false or a string.
func ReplyIsInteger(name string) bool { return integerReplies[name] }

// ReplyIsNumeric reports whether the command's reply is always a number or
// a string holding one, so tonumber of it is never nil.
func ReplyIsNumeric(name string) bool { return integerReplies[name] || numericStringReplies[name] }

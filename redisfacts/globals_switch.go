package redisfacts

// globalKind is what the sandbox tables say about a global name, whatever
// the version and context: the rules ask about every global reference
// they meet, and one switch on the name (compiled to a jump on its length
// and a few byte tests) answers for all the tables at once, where a
// bisection of each table compared strings several times per table.
// TestGlobalKindMatchesTables checks the switch against the tables.
type globalKind uint8

const (
	gkUnknown       globalKind = iota // in no table
	gkBase                            // baseFunctions
	gkLibrary                         // libraryMembers (not os)
	gkOS                              // os: a library and forbidden
	gkRedis                           // redis
	gkServer                          // server (Valkey ≥ 8.0)
	gkEvalOnly                        // KEYS, ARGV, __redis__err__handler
	gkServerHandler                   // __server__err__handler
	gkForbidden                       // forbidden (not os)
)

// classifyGlobal returns the kind of name and, for a library, its index in
// libraryMembers or, for a forbidden name (os included), its index in
// forbidden. A name added to or removed from one of those tables must be
// added to or removed from the switch too (TestGlobalsMatchTables and
// TestClassifyGlobalIndexes fail until it is).
func classifyGlobal(name string) (globalKind, int) {
	switch name {
	case "_G", "_VERSION", "assert", "collectgarbage", "error", "gcinfo", "getmetatable", "ipairs",
		"load", "loadstring", "next", "pairs", "pcall", "rawequal", "rawget", "rawset", "select",
		"setmetatable", "tonumber", "tostring", "type", "unpack", "xpcall":
		return gkBase, 0
	case "bit":
		return gkLibrary, 0
	case "cjson":
		return gkLibrary, 1
	case "cmsgpack":
		return gkLibrary, 2
	case "coroutine":
		return gkLibrary, 3
	case "math":
		return gkLibrary, 4
	case "os":
		return gkOS, 9 // libraryMembers[5], forbidden[9]
	case "string":
		return gkLibrary, 6
	case "struct":
		return gkLibrary, 7
	case "table":
		return gkLibrary, 8
	case "redis":
		return gkRedis, 0
	case "server":
		return gkServer, 0
	case "KEYS", "ARGV", "__redis__err__handler":
		return gkEvalOnly, 0
	case "__server__err__handler":
		return gkServerHandler, 0
	case "_ENV":
		return gkForbidden, 0
	case "bit32":
		return gkForbidden, 1
	case "debug":
		return gkForbidden, 2
	case "dofile":
		return gkForbidden, 3
	case "getfenv":
		return gkForbidden, 4
	case "io":
		return gkForbidden, 5
	case "loadfile":
		return gkForbidden, 6
	case "module":
		return gkForbidden, 7
	case "newproxy":
		return gkForbidden, 8
	case "package":
		return gkForbidden, 10
	case "print":
		return gkForbidden, 11
	case "require":
		return gkForbidden, 12
	case "setfenv":
		return gkForbidden, 13
	case "utf8":
		return gkForbidden, 14
	}
	return gkUnknown, 0
}

// osLibrary is the index of os in libraryMembers.
const osLibrary = 5

// library returns the members of the library table name, or nil and false.
func library(name string) ([]string, bool) {
	switch k, i := classifyGlobal(name); k {
	case gkLibrary:
		return libraryMembers[i].val, true
	case gkOS:
		return libraryMembers[osLibrary].val, true
	}
	return nil, false
}

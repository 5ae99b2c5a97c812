package redisfacts

//go:generate env REDISFACTS_UPDATE_GLOBALS=1 go test -run TestGlobalsSwitchUpToDate .

// globalKind is what the sandbox tables say about a global name, whatever
// the version and context.
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
// forbidden. The rules ask about every global reference they meet: one
// switch on the name (compiled to a jump on its length and a few byte
// tests) answers for all the tables at once, where a bisection of each
// compared strings several times per table. The switch is generated from
// the tables (globals_gen.go), which stay the only place the names are
// written: TestGlobalsSwitchUpToDate fails when they change until
// `go generate ./redisfacts` is run.
func classifyGlobal(name string) (globalKind, int) { return classifyGlobalGen(name) }

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

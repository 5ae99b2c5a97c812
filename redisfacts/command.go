package redisfacts

//go:generate go run -tags devtools ./internal/gen

// Command describes one Redis command or subcommand as it exists on one
// target version. The values come from the generated table
// (commands_gen.go); LookupCommand returns the variant that matches the
// version asked for, so Flags.NoScript is already right for that version.
// Commands are shared, read-only values: never modify one.
type Command struct {
	// Name is the upper-case command name; subcommands are written with
	// their container, "CLIENT KILL".
	Name string
	// Container is the parent command of a subcommand ("CLIENT"), or "".
	Container string
	// Group is the documentation group ("string", "sorted_set", ...).
	Group string
	// Arity counts the command name (both words for a subcommand); a
	// negative value means "at least -Arity".
	Arity int
	// Flags are the command flags for the version the command was looked up for.
	Flags CommandFlags
	// Nondeterministic is the NONDETERMINISTIC_OUTPUT command tip.
	Nondeterministic bool
	// NondeterministicOrder is the NONDETERMINISTIC_OUTPUT_ORDER command tip.
	NondeterministicOrder bool
	// Since is the first Redis version with the command ("1.0.0"), or "" if
	// Redis does not have it.
	Since string
	// SinceValkey is the first Valkey version with the command as Valkey
	// documents it (inherited commands keep their Redis history), or "" if
	// Valkey does not have it.
	SinceValkey string
	// DeprecatedSince is the version that deprecated the command, or "".
	DeprecatedSince string
	// ReplacedBy says what to use instead of a deprecated command (Markdown
	// as in the source data, e.g. "`SET` with the `NX` argument").
	ReplacedBy string
	// HasSubcommands is set on containers such as CLIENT and OBJECT.
	HasSubcommands bool
	// GetKeysFunction is set when the server extracts keys with custom code,
	// so the key specs may describe the keys only approximately.
	GetKeysFunction bool
	// ACLCategories are the effective ACL categories, upper-case, without "@".
	ACLCategories []string
	// KeySpecs says where the keys are in the arguments.
	KeySpecs []KeySpec
	// Args is the argument tree after the command name.
	Args []Argument

	avail availability
}

// CommandFlags are the server's command flags (COMMAND INFO), resolved for
// one target version.
type CommandFlags struct {
	Write                bool // WRITE: may modify the dataset
	ReadOnly             bool // READONLY: only reads keys
	DenyOOM              bool // DENYOOM: refused when over maxmemory
	Admin                bool // ADMIN
	PubSub               bool // PUBSUB
	NoScript             bool // NOSCRIPT: refused from scripts on this version
	Blocking             bool // BLOCKING: may block the client (non-blocking inside scripts)
	Loading              bool // LOADING: allowed while loading the dataset
	Stale                bool // STALE: allowed on a stale replica
	SkipMonitor          bool // SKIP_MONITOR
	SkipSlowlog          bool // SKIP_SLOWLOG
	Asking               bool // ASKING
	Fast                 bool // FAST: O(1) or O(log N)
	NoAuth               bool // NO_AUTH
	MayReplicate         bool // MAY_REPLICATE: treated as a write by read-only scripts
	Sentinel             bool // SENTINEL: also exists in Sentinel mode
	OnlySentinel         bool // ONLY_SENTINEL: exists only in Sentinel mode
	NoMandatoryKeys      bool // NO_MANDATORY_KEYS
	Protected            bool // PROTECTED
	NoAsyncLoading       bool // NO_ASYNC_LOADING
	NoMulti              bool // NO_MULTI: refused inside MULTI
	AllowBusy            bool // ALLOW_BUSY: allowed while a script runs too long
	TouchesArbitraryKeys bool // TOUCHES_ARBITRARY_KEYS
	Experimental         bool // EXPERIMENTAL (Redis 8 SFLUSH)
}

// KeySpec is one key specification of a command (COMMAND INFO key specs).
type KeySpec struct {
	// Flags are the key-spec flags (KeyRO, KeyRW, KeyAccess, ...).
	Flags KeyFlags
	// Begin says where the search for the first key starts.
	Begin BeginSearch
	// Find says how many keys follow and how they are spaced.
	Find FindKeys
	// Notes is the free-text note of the source data, if any.
	Notes string
}

// KeyFlags is a set of key-spec flags.
type KeyFlags uint16

// Key-spec flags, as documented for COMMAND INFO.
const (
	KeyRO KeyFlags = 1 << iota
	KeyRW
	KeyOW
	KeyRM
	KeyAccess
	KeyUpdate
	KeyInsert
	KeyDelete
	KeyNotKey
	KeyIncomplete
	KeyVariableFlags
)

// Has reports whether every flag of x is set in f.
func (f KeyFlags) Has(x KeyFlags) bool { return f&x == x }

// BeginKind tells how a key spec finds its first argument.
type BeginKind uint8

// The begin_search kinds.
const (
	BeginUnknown BeginKind = iota // the keys cannot be found from the argument layout
	BeginIndex                    // at a fixed index (Pos)
	BeginKeyword                  // after a keyword (Keyword, StartFrom)
)

// BeginSearch is the begin_search part of a key spec.
type BeginSearch struct {
	Kind BeginKind
	// Pos is the argv index of the first key (BeginIndex).
	Pos int
	// Keyword is searched for case-insensitively (BeginKeyword); the first
	// key follows it.
	Keyword string
	// StartFrom is where the keyword search starts: > 0 searches forwards
	// from that index, < 0 backwards from that many arguments before the end.
	StartFrom int
}

// FindKind tells how a key spec counts its keys.
type FindKind uint8

// The find_keys kinds.
const (
	FindUnknown FindKind = iota // the number of keys cannot be known
	FindRange                   // LastKey, Step, Limit
	FindKeynum                  // KeynumIdx, FirstKey, Step
)

// FindKeys is the find_keys part of a key spec.
type FindKeys struct {
	Kind FindKind
	// LastKey (FindRange) is the index of the last key relative to the first;
	// negative counts from the end of argv (-1 = the last argument).
	LastKey int
	// Step is the distance between keys (both kinds).
	Step int
	// Limit (FindRange, with LastKey -1) divides the remaining arguments:
	// 2 means the first half of them are keys (XREAD STREAMS).
	Limit int
	// KeynumIdx (FindKeynum) is the index of the numkeys argument relative
	// to the first argument of the spec.
	KeynumIdx int
	// FirstKey (FindKeynum) is the index of the first key relative to the
	// first argument of the spec.
	FirstKey int
}

// ArgType is the type of a command argument in the argument tree.
type ArgType string

// Argument types as used by the command JSON files.
const (
	ArgKey       ArgType = "key"
	ArgString    ArgType = "string"
	ArgInteger   ArgType = "integer"
	ArgDouble    ArgType = "double"
	ArgPattern   ArgType = "pattern"
	ArgUnixTime  ArgType = "unix-time"
	ArgPureToken ArgType = "pure-token"
	ArgOneOf     ArgType = "oneof"
	ArgBlock     ArgType = "block"
)

// Argument is one node of a command's argument tree.
type Argument struct {
	// Name is the argument's name in the documentation ("seconds").
	Name string
	// Type is the argument type; oneof and block have children in Args.
	Type ArgType
	// Token is the literal keyword that introduces the argument ("EX"), or "".
	Token string
	// Optional arguments may be left out.
	Optional bool
	// Multiple arguments may repeat.
	Multiple bool
	// MultipleToken means the token repeats with each value.
	MultipleToken bool
	// KeySpecIndex is the index into Command.KeySpecs for key arguments, else -1.
	KeySpecIndex int
	// Since is the version that added the argument as the data states it
	// ("" when as old as the command). After 7.2 the base data follows
	// Valkey's numbering; use Command.TokenSince for a version-aware answer.
	Since string
	// DeprecatedSince is the version that deprecated the argument, or "".
	DeprecatedSince string
	// Args are the children of oneof and block arguments.
	Args []Argument

	avail availability
}

// availability is the window of versions in which an entry exists, per
// server family. Versions are packed as major<<8 | minor.
type availability struct {
	redisFrom, redisUntil   uint16
	valkeyFrom, valkeyUntil uint16
}

const (
	// verNever as a "from" means the family never has the entry; as an
	// "until" it means the entry was not removed.
	verNever uint16 = 0xFFFF
	// verUncertain as redisFrom marks an entry Valkey added after the fork
	// whose Redis status is not known: absent up to Redis 7.2 (the shared
	// code base), unknown after. Lookups treat it as present from 7.4 so
	// that no rule fires on a guess.
	verUncertain uint16 = 0xFFFE
)

func packVersion(v Version) uint16 {
	maj := min(max(v.Major, 0), 0xFE) // major 0xFF: the sentinels above
	minor := min(max(v.Minor, 0), 0xFF)
	return uint16(maj)<<8 | uint16(minor)
}

// state reports whether the entry exists on v; certain is false when the
// data cannot tell (see verUncertain).
func (a availability) state(v Version) (exists, certain bool) {
	p := packVersion(v)
	from, until := a.redisFrom, a.redisUntil
	if v.Valkey {
		from, until = a.valkeyFrom, a.valkeyUntil
	}
	switch from {
	case verNever:
		return false, true
	case verUncertain:
		if p <= 7<<8|2 {
			return false, true
		}
		return p < until, false
	}
	return p >= from && p < until, true
}

func (a availability) has(v Version) bool {
	ok, _ := a.state(v)
	return ok
}

// IsSubcommand reports whether c is a subcommand such as "CLIENT KILL".
func (c *Command) IsSubcommand() bool { return c.Container != "" }

// Subcommand returns the second word of a subcommand's name ("KILL"), or "".
func (c *Command) Subcommand() string {
	if c.Container == "" {
		return ""
	}
	return c.Name[len(c.Container)+1:]
}

// IsDeprecated reports whether c is deprecated on v. Deprecation versions
// up to 7.2 are shared history (every Valkey has them); later ones in the
// base data are Valkey's numbering and do not apply to Redis.
func (c *Command) IsDeprecated(v Version) bool {
	if c.DeprecatedSince == "" {
		return false
	}
	d, ok := parseDotted(c.DeprecatedSince)
	if !ok {
		return true
	}
	if d <= 7<<8|2 {
		return v.Valkey || packVersion(v) >= d
	}
	return v.Valkey && packVersion(v) >= d
}

// AcceptsArgCount reports whether a call with n words (command name and
// subcommand included) satisfies the arity.
func (c *Command) AcceptsArgCount(n int) bool {
	if c.Arity >= 0 {
		return n == c.Arity
	}
	return n >= -c.Arity
}

// parseDotted reads "8.1.0" or "9.1 (note)" into a packed major.minor.
func parseDotted(s string) (uint16, bool) {
	var parts [2]int
	idx, digits := 0, 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch >= '0' && ch <= '9':
			parts[idx] = parts[idx]*10 + int(ch-'0')
			digits++
		case ch == '.' && idx == 0 && digits > 0:
			idx = 1
			digits = 0
		default:
			i = len(s)
		}
	}
	if idx == 0 || digits == 0 || parts[0] > 0xFE || parts[1] > 0xFF {
		return 0, false
	}
	return uint16(parts[0])<<8 | uint16(parts[1]), true
}

// FixedArgCount returns how many of a command's leading arguments are
// always present (SET: key and value): required, single, without a
// keyword, of a type isFixedArgType accepts. For a subcommand they follow
// the subcommand word.
func (c *Command) FixedArgCount() int {
	n := 0
	for _, a := range c.Args {
		if a.Optional || a.Multiple || a.Token != "" || !isFixedArgType(a.Type) {
			break
		}
		n++
	}
	return n
}

// isFixedArgType reports whether a leading argument of type t counts as
// fixed (see FixedArgCount).
func isFixedArgType(t ArgType) bool {
	switch t {
	case ArgKey, ArgString, ArgInteger, ArgDouble,
		ArgPattern, ArgUnixTime:
		return true
	}
	return false
}

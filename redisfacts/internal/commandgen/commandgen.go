// Package commandgen turns the command data files (redis-commands.json and
// redis-commands-overlay.json) into the Go source of redisfacts'
// command table. It is a library so that a test can regenerate the table in
// memory and compare it with the committed file; internal/gen is the
// command that writes it.
//
// Besides reading the data, the generator applies a few hand-written facts
// that the data files cannot express (all listed in this file, each with
// its source): per-version NOSCRIPT and DENYOOM changes, the Redis side of
// entries Valkey added after the fork, and argument trees for overlay
// commands whose syntax the overlay gives only as text.
package commandgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// BaseFile and OverlayFile are the data file names inside the data directory.
const (
	BaseFile    = "redis-commands.json"
	OverlayFile = "redis-commands-overlay.json"
)

type rawCommand struct {
	Name                  string        `json:"name"`
	Container             string        `json:"container"`
	HasSubcommands        bool          `json:"has_subcommands"`
	Group                 string        `json:"group"`
	Since                 string        `json:"since"`
	Arity                 int           `json:"arity"`
	Flags                 []string      `json:"flags"`
	ACLCategories         []string      `json:"acl_categories"`
	ACLEffective          []string      `json:"acl_categories_effective"`
	KeySpecs              []rawKeySpec  `json:"key_specs"`
	Nondeterministic      bool          `json:"nondeterministic"`
	NondeterministicOrder bool          `json:"nondeterministic_order"`
	DeprecatedSince       string        `json:"deprecated_since"`
	ReplacedBy            string        `json:"replaced_by"`
	GetKeysFunction       bool          `json:"get_keys_function"`
	Arguments             []rawArgument `json:"arguments"`

	// Overlay-only fields.
	SinceRedis  string `json:"since_redis"`
	SinceValkey string `json:"since_valkey"`
	RedisOnly   bool   `json:"redis_only"`
	ValkeyOnly  bool   `json:"valkey_only"`
}

type rawKeySpec struct {
	Flags       []string                   `json:"flags"`
	BeginSearch map[string]json.RawMessage `json:"begin_search"`
	FindKeys    map[string]json.RawMessage `json:"find_keys"`
	Notes       string                     `json:"notes"`
}

type rawArgument struct {
	Name            string        `json:"name"`
	Type            string        `json:"type"`
	Token           string        `json:"token"`
	Optional        looseBool     `json:"optional"`
	Multiple        looseBool     `json:"multiple"`
	MultipleToken   looseBool     `json:"multiple_token"`
	KeySpecIndex    *int          `json:"key_spec_index"`
	Since           string        `json:"since"`
	DeprecatedSince string        `json:"deprecated_since"`
	Arguments       []rawArgument `json:"arguments"`

	avail avail
}

// looseBool accepts true/false and the strings "true"/"false": the base data
// has "multiple": "true" on CLIENT CAPA (as in the Valkey source file).
type looseBool bool

func (b *looseBool) UnmarshalJSON(data []byte) error {
	switch string(data) {
	case "true", `"true"`:
		*b = true
	case "false", `"false"`, "null":
		*b = false
	default:
		return fmt.Errorf("not a boolean: %s", data)
	}
	return nil
}

type rawOverlay struct {
	Commands  []rawCommand `json:"commands"`
	Additions []struct {
		Command     string `json:"command"`
		Token       string `json:"token"`
		SinceRedis  string `json:"since_redis"`
		SinceValkey string `json:"since_valkey"`
		Meaning     string `json:"meaning"`
	} `json:"argument_additions"`
}

// Packed versions (major<<8 | minor); the sentinel values mirror
// redisfacts' verNever / verUncertain.
const (
	never     uint16 = 0xFFFF
	uncertain uint16 = 0xFFFE
	v72       uint16 = 7<<8 | 2
)

type avail struct {
	redisFrom, redisUntil   uint16
	valkeyFrom, valkeyUntil uint16
}

// entry is one row of the generated table.
type entry struct {
	cmd         rawCommand
	sinceRedis  string
	sinceValkey string
	avail       avail
	noScript    *bool // overrides NOSCRIPT for this variant
	denyOOM     *bool // overrides DENYOOM for this variant
}

// redisSinceOfValkeyAdditions gives the Redis side of base entries that
// Valkey added after the fork (since > 7.2 in Valkey numbering). "" means
// Redis does not have the command. Entries not listed are "uncertain".
var redisSinceOfValkeyAdditions = map[string]string{
	// redis-semantics.md §5.3: "Valkey 8.0 adds NOSCRIPT commands CLIENT CAPA, SCRIPT SHOW".
	"CLIENT CAPA": "",
	"SCRIPT SHOW": "",
	// Redis 8.2 release notes list CLUSTER SLOT-STATS as new (not verified on a server).
	"CLUSTER SLOT-STATS": "8.2.0",
}

// redisSinceOfValkeyArgs is the same for arguments, keyed "COMMAND/TOKEN".
var redisSinceOfValkeyArgs = map[string]string{
	// Redis 7.4 release notes: CLIENT KILL MAXAGE.
	"CLIENT KILL/MAXAGE": "7.4.0",
}

// variantRule splits a command into an older variant (with a flag changed)
// and the base variant. The older variant covers Redis versions before
// redisUntil and Valkey versions before valkeyUntil (never = all).
type variantRule struct {
	names       []string
	redisUntil  uint16
	valkeyUntil uint16
	noScript    *bool
	denyOOM     *bool
	source      string
}

func boolPtr(b bool) *bool { return &b }

var variantRules = []variantRule{
	{
		names:      []string{"BLMOVE", "BLPOP", "BRPOP", "BRPOPLPUSH", "BZPOPMAX", "BZPOPMIN", "WAIT"},
		redisUntil: 7<<8 | 2, valkeyUntil: 0,
		noScript: boolPtr(true),
		source:   "redis commit d0da0a6a3 (PR #11568, 7.2-rc1) removed NOSCRIPT; redis-semantics.md §5.3",
	},
	{
		names:      []string{"WAITAOF"},
		redisUntil: 7<<8 | 4, valkeyUntil: 8 << 8,
		noScript: boolPtr(true),
		source:   "redis commit 85c31e0cf (#12977, 7.4) removed NOSCRIPT; Valkey 8.0 notes; redis-semantics.md §5.3",
	},
	{
		names:      []string{"HEXPIRE", "HPEXPIRE", "HEXPIREAT", "HPEXPIREAT"},
		redisUntil: 8 << 8, valkeyUntil: 0,
		denyOOM: boolPtr(true),
		source:  "overlay note: DENYOOM removed by redis PR #13800, shipped in 8.0",
	},
}

// overlayArguments are argument trees for overlay commands, written from
// the "syntax" field of the overlay entry.
var overlayArguments = map[string][]rawArgument{
	"DELEX": {
		{Name: "key", Type: "key", KeySpecIndex: intPtr(0)},
		{Name: "condition", Type: "oneof", Optional: true, Arguments: []rawArgument{
			{Name: "ifeq-value", Type: "string", Token: "IFEQ"},
			{Name: "ifne-value", Type: "string", Token: "IFNE"},
			{Name: "ifdeq-digest", Type: "string", Token: "IFDEQ"},
			{Name: "ifdne-digest", Type: "string", Token: "IFDNE"},
		}},
	},
	"DIGEST": {
		{Name: "key", Type: "key", KeySpecIndex: intPtr(0)},
	},
	"DELIFEQ": {
		{Name: "key", Type: "key", KeySpecIndex: intPtr(0)},
		{Name: "value", Type: "string"},
	},
	"MSETEX": {
		{Name: "numkeys", Type: "integer"},
		{Name: "data", Type: "block", Multiple: true, Arguments: []rawArgument{
			{Name: "key", Type: "key", KeySpecIndex: intPtr(0)},
			{Name: "value", Type: "string"},
		}},
		{Name: "condition", Type: "oneof", Optional: true, Arguments: []rawArgument{
			{Name: "nx", Type: "pure-token", Token: "NX"},
			{Name: "xx", Type: "pure-token", Token: "XX"},
		}},
		{Name: "expiration", Type: "oneof", Optional: true, Arguments: []rawArgument{
			{Name: "seconds", Type: "integer", Token: "EX"},
			{Name: "milliseconds", Type: "integer", Token: "PX"},
			{Name: "unix-time-seconds", Type: "unix-time", Token: "EXAT"},
			{Name: "unix-time-milliseconds", Type: "unix-time", Token: "PXAT"},
			{Name: "keepttl", Type: "pure-token", Token: "KEEPTTL"},
		}},
	},
}

func intPtr(i int) *int { return &i }

// Generate reads the two data files from dataDir and returns the formatted
// Go source of commands_gen.go.
func Generate(dataDir string) ([]byte, error) {
	base, err := os.ReadFile(filepath.Join(dataDir, BaseFile))
	if err != nil {
		return nil, fmt.Errorf("commandgen: %w", err)
	}
	over, err := os.ReadFile(filepath.Join(dataDir, OverlayFile))
	if err != nil {
		return nil, fmt.Errorf("commandgen: %w", err)
	}
	return generate(base, over)
}

func generate(baseJSON, overlayJSON []byte) ([]byte, error) {
	var base []rawCommand
	if err := json.Unmarshal(baseJSON, &base); err != nil {
		return nil, fmt.Errorf("commandgen: %s: %w", BaseFile, err)
	}
	var overlay rawOverlay
	if err := json.Unmarshal(overlayJSON, &overlay); err != nil {
		return nil, fmt.Errorf("commandgen: %s: %w", OverlayFile, err)
	}

	var entries []entry
	seen := map[string]bool{}
	for _, c := range base {
		if hasFlag(c.Flags, "ONLY_SENTINEL") {
			// Sentinel-only commands do not exist on a data server, so
			// scripts can never call them.
			continue
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("commandgen: %s: duplicate command %q", BaseFile, c.Name)
		}
		seen[c.Name] = true
		e, err := baseEntry(c)
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
	}
	for _, c := range overlay.Commands {
		if seen[c.Name] {
			return nil, fmt.Errorf("commandgen: %s: command %q already in %s", OverlayFile, c.Name, BaseFile)
		}
		seen[c.Name] = true
		e, err := overlayEntry(c)
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
	}
	for _, add := range overlay.Additions {
		if err := addArgument(entries, add.Command, add.Token, add.SinceRedis, add.SinceValkey); err != nil {
			return nil, err
		}
	}
	for _, e := range entries {
		if err := validate(e.cmd); err != nil {
			return nil, err
		}
	}
	entries, err := applyVariants(entries)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].cmd.Name < entries[j].cmd.Name })
	return emit(entries)
}

func hasFlag(flags []string, f string) bool {
	for _, x := range flags {
		if x == f {
			return true
		}
	}
	return false
}

// parseVersion packs "7.4.0" or "9.1 (note)" as major<<8|minor.
func parseVersion(s string) (uint16, error) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, " ("); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return 0, fmt.Errorf("bad version %q", s)
	}
	maj, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || maj < 0 || maj > 0xFD || minor < 0 || minor > 0xFF {
		return 0, fmt.Errorf("bad version %q", s)
	}
	return uint16(maj)<<8 | uint16(minor), nil
}

// familyFromSince turns a base-data "since" into the two families' start.
// Up to 7.2 the history is shared; later versions are Valkey's numbering.
func familySince(since, key string, table map[string]string) (redisFrom uint16, redisSince string, valkeyFrom uint16, err error) {
	if since == "" {
		return 0, "", 0, nil
	}
	p, err := parseVersion(since)
	if err != nil {
		return 0, "", 0, err
	}
	if p <= v72 {
		return p, since, p, nil
	}
	r, ok := table[key]
	switch {
	case !ok:
		return uncertain, "", p, nil
	case r == "":
		return never, "", p, nil
	}
	rp, err := parseVersion(r)
	if err != nil {
		return 0, "", 0, err
	}
	return rp, r, p, nil
}

func baseEntry(c rawCommand) (entry, error) {
	rf, rs, vf, err := familySince(c.Since, c.Name, redisSinceOfValkeyAdditions)
	if err != nil {
		return entry{}, fmt.Errorf("commandgen: %s: %s: %w", BaseFile, c.Name, err)
	}
	e := entry{cmd: c, sinceRedis: rs, sinceValkey: c.Since,
		avail: avail{redisFrom: rf, redisUntil: never, valkeyFrom: vf, valkeyUntil: never}}
	if err := setArgAvail(c.Name, c.Arguments, avail{0, never, 0, never}); err != nil {
		return entry{}, fmt.Errorf("commandgen: %s: %s: %w", BaseFile, c.Name, err)
	}
	return e, nil
}

func overlayEntry(c rawCommand) (entry, error) {
	e := entry{cmd: c, avail: avail{redisFrom: never, redisUntil: never, valkeyFrom: never, valkeyUntil: never}}
	if c.SinceRedis != "" && !c.ValkeyOnly {
		p, err := parseVersion(c.SinceRedis)
		if err != nil {
			return entry{}, fmt.Errorf("commandgen: %s: %s: %w", OverlayFile, c.Name, err)
		}
		e.avail.redisFrom, e.sinceRedis = p, c.SinceRedis
	}
	if c.SinceValkey != "" && !c.RedisOnly {
		p, err := parseVersion(c.SinceValkey)
		if err != nil {
			return entry{}, fmt.Errorf("commandgen: %s: %s: %w", OverlayFile, c.Name, err)
		}
		e.avail.valkeyFrom, e.sinceValkey = p, c.SinceValkey
	}
	if len(c.ACLEffective) == 0 {
		e.cmd.ACLEffective = effectiveACL(c.Flags, c.ACLCategories)
	}
	if args, ok := overlayArguments[c.Name]; ok {
		e.cmd.Arguments = args
	}
	if err := setArgAvail(c.Name, e.cmd.Arguments, avail{0, never, 0, never}); err != nil {
		return entry{}, fmt.Errorf("commandgen: %s: %s: %w", OverlayFile, c.Name, err)
	}
	return e, nil
}

// effectiveACL applies the implicit category rules of valkey
// src/commands/README.md to explicit categories.
func effectiveACL(flags, explicit []string) []string {
	set := map[string]bool{}
	for _, c := range explicit {
		set[c] = true
	}
	if hasFlag(flags, "WRITE") {
		set["WRITE"] = true
	}
	if hasFlag(flags, "READONLY") && !set["SCRIPTING"] {
		set["READ"] = true
	}
	if hasFlag(flags, "ADMIN") {
		set["ADMIN"], set["DANGEROUS"] = true, true
	}
	if hasFlag(flags, "PUBSUB") {
		set["PUBSUB"] = true
	}
	if hasFlag(flags, "FAST") {
		set["FAST"] = true
	}
	if hasFlag(flags, "BLOCKING") {
		set["BLOCKING"] = true
	}
	if !hasFlag(flags, "FAST") {
		set["SLOW"] = true
	}
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// combine narrows a child's availability by its parent's.
func combine(parent, own avail) avail {
	f := func(p, o uint16) uint16 {
		switch {
		case p == never || o == never:
			return never
		case p == uncertain || o == uncertain:
			return uncertain
		case o > p:
			return o
		}
		return p
	}
	return avail{f(parent.redisFrom, own.redisFrom), never, f(parent.valkeyFrom, own.valkeyFrom), never}
}

func setArgAvail(cmd string, args []rawArgument, parent avail) error {
	for i := range args {
		a := &args[i]
		own := avail{0, never, 0, never}
		if a.Since != "" {
			key := cmd + "/" + a.Token
			if a.Token == "" {
				key = cmd + "/" + a.Name
			}
			rf, _, vf, err := familySince(a.Since, key, redisSinceOfValkeyArgs)
			if err != nil {
				return fmt.Errorf("argument %s: %w", a.Name, err)
			}
			own = avail{rf, never, vf, never}
		}
		a.avail = combine(parent, own)
		if err := setArgAvail(cmd, a.Arguments, a.avail); err != nil {
			return err
		}
	}
	return nil
}

// addArgument inserts an overlay argument addition (a new token in the
// group that holds NX/XX-style conditions) into a command's tree.
func addArgument(entries []entry, cmdName, token, sinceRedis, sinceValkey string) error {
	for i := range entries {
		e := &entries[i]
		if e.cmd.Name != cmdName {
			continue
		}
		own := avail{never, never, never, never}
		if sinceRedis != "" {
			p, err := parseVersion(sinceRedis)
			if err != nil {
				return fmt.Errorf("commandgen: %s: %s %s: %w", OverlayFile, cmdName, token, err)
			}
			own.redisFrom = p
		}
		if sinceValkey != "" {
			p, err := parseVersion(sinceValkey)
			if err != nil {
				return fmt.Errorf("commandgen: %s: %s %s: %w", OverlayFile, cmdName, token, err)
			}
			own.valkeyFrom = p
		}
		arg := rawArgument{Name: strings.ToLower(token), Type: "string", Token: token,
			Since: firstNonEmpty(sinceRedis, sinceValkey), avail: own}
		// Put the token next to NX/XX: the "condition" oneof.
		for j := range e.cmd.Arguments {
			a := &e.cmd.Arguments[j]
			if a.Type == "oneof" && a.Name == "condition" {
				arg.avail = combine(a.avail, own)
				a.Arguments = append(a.Arguments, arg)
				return nil
			}
		}
		arg.Optional = true
		e.cmd.Arguments = append(e.cmd.Arguments, arg)
		return nil
	}
	return fmt.Errorf("commandgen: %s: argument addition for unknown command %q", OverlayFile, cmdName)
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func applyVariants(entries []entry) ([]entry, error) {
	byName := map[string]int{}
	for i, e := range entries {
		byName[e.cmd.Name] = i
	}
	var extra []entry
	for _, r := range variantRules {
		for _, name := range r.names {
			i, ok := byName[name]
			if !ok {
				return nil, fmt.Errorf("commandgen: variant rule for unknown command %q", name)
			}
			newer := &entries[i]
			older := *newer
			older.noScript, older.denyOOM = r.noScript, r.denyOOM
			// The older variant: from the command's start until the change.
			older.avail.redisUntil, older.avail.valkeyUntil = r.redisUntil, r.valkeyUntil
			if r.redisUntil == 0 || newer.avail.redisFrom >= r.redisUntil {
				older.avail.redisFrom = never
			}
			if r.valkeyUntil == 0 || newer.avail.valkeyFrom >= r.valkeyUntil {
				older.avail.valkeyFrom = never
			}
			// The newer variant starts where the older one ends.
			if older.avail.redisFrom != never {
				newer.avail.redisFrom = r.redisUntil
			}
			if older.avail.valkeyFrom != never {
				newer.avail.valkeyFrom = r.valkeyUntil
			}
			// The newer variant must not carry the changed flag.
			if r.noScript != nil {
				newer.noScript = boolPtr(!*r.noScript)
			}
			if r.denyOOM != nil {
				newer.denyOOM = boolPtr(!*r.denyOOM)
			}
			if older.avail.redisFrom == never && older.avail.valkeyFrom == never {
				continue
			}
			extra = append(extra, older)
		}
	}
	// Older variants go first so that emit keeps the order old → new.
	return append(extra, entries...), nil
}

var flagFields = []struct{ data, field string }{
	{"WRITE", "Write"}, {"READONLY", "ReadOnly"}, {"DENYOOM", "DenyOOM"}, {"ADMIN", "Admin"},
	{"PUBSUB", "PubSub"}, {"NOSCRIPT", "NoScript"}, {"BLOCKING", "Blocking"}, {"LOADING", "Loading"},
	{"STALE", "Stale"}, {"SKIP_MONITOR", "SkipMonitor"}, {"SKIP_SLOWLOG", "SkipSlowlog"},
	{"ASKING", "Asking"}, {"FAST", "Fast"}, {"NO_AUTH", "NoAuth"}, {"MAY_REPLICATE", "MayReplicate"},
	{"SENTINEL", "Sentinel"}, {"ONLY_SENTINEL", "OnlySentinel"}, {"NO_MANDATORY_KEYS", "NoMandatoryKeys"},
	{"PROTECTED", "Protected"}, {"NO_ASYNC_LOADING", "NoAsyncLoading"}, {"NO_MULTI", "NoMulti"},
	{"ALLOW_BUSY", "AllowBusy"}, {"TOUCHES_ARBITRARY_KEYS", "TouchesArbitraryKeys"},
	{"EXPERIMENTAL", "Experimental"},
}

var keyFlagNames = map[string]string{
	"RO": "KeyRO", "RW": "KeyRW", "OW": "KeyOW", "RM": "KeyRM", "ACCESS": "KeyAccess",
	"UPDATE": "KeyUpdate", "INSERT": "KeyInsert", "DELETE": "KeyDelete", "NOT_KEY": "KeyNotKey",
	"INCOMPLETE": "KeyIncomplete", "VARIABLE_FLAGS": "KeyVariableFlags",
}

var argTypes = map[string]string{
	"key": "ArgKey", "string": "ArgString", "integer": "ArgInteger", "double": "ArgDouble",
	"pattern": "ArgPattern", "unix-time": "ArgUnixTime", "pure-token": "ArgPureToken",
	"oneof": "ArgOneOf", "block": "ArgBlock",
}

func emit(entries []entry) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run -tags devtools ./internal/gen from data/" + BaseFile + " and data/" + OverlayFile + ". DO NOT EDIT.\n\n")
	b.WriteString("package redisfacts\n\n")
	b.WriteString("// commandTable holds every command variant, sorted by name; variants of\n")
	b.WriteString("// one name are adjacent, oldest first.\n")
	b.WriteString("var commandTable = [...]Command{\n")
	type span struct{ start, n int }
	index := map[string]*span{}
	var names []string
	for i, e := range entries {
		if err := emitCommand(&b, e); err != nil {
			return nil, err
		}
		if s, ok := index[e.cmd.Name]; ok {
			if s.start+s.n != i {
				return nil, fmt.Errorf("commandgen: variants of %q are not adjacent", e.cmd.Name)
			}
			s.n++
		} else {
			index[e.cmd.Name] = &span{i, 1}
			names = append(names, e.cmd.Name)
		}
	}
	b.WriteString("}\n\n")
	// Sorted arrays searched by bisection rather than a map: a map literal
	// is built by code at the start of every run, arrays are static data.
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			return nil, fmt.Errorf("commandgen: command names not sorted: %q before %q", names[i-1], names[i])
		}
	}
	b.WriteString("// commandNames are the upper-case names in commandTable, sorted, for\n")
	b.WriteString("// binary search; commandSpans[i] locates the variants of commandNames[i].\n")
	b.WriteString("var commandNames = [...]string{\n")
	for _, n := range names {
		fmt.Fprintf(&b, "%q,\n", n)
	}
	b.WriteString("}\n\n")
	b.WriteString("var commandSpans = [...]commandSpan{\n")
	for _, n := range names {
		s := index[n]
		fmt.Fprintf(&b, "{%d, %d}, // %s\n", s.start, s.n, n)
	}
	b.WriteString("}\n\n")
	// The same index as a switch: the compiler turns a switch on constant
	// strings into a jump on the length and a few byte tests, several
	// times cheaper than a bisection by string comparison, and it is code,
	// not data built at start-up.
	b.WriteString("// commandIndex returns the index in commandNames of name (upper case),\n")
	b.WriteString("// or -1: the bisection of findCommand, compiled as a switch.\n")
	b.WriteString("func commandIndex(name string) int {\n")
	b.WriteString("switch name {\n")
	for i, n := range names {
		fmt.Fprintf(&b, "case %q:\nreturn %d\n", n, i)
	}
	b.WriteString("}\n")
	b.WriteString("return -1\n")
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("commandgen: formatting generated source: %w", err)
	}
	return out, nil
}

func emitCommand(b *bytes.Buffer, e entry) error {
	c := e.cmd
	b.WriteString("{")
	fmt.Fprintf(b, "Name: %q, ", c.Name)
	if c.Container != "" {
		fmt.Fprintf(b, "Container: %q, ", c.Container)
	}
	fmt.Fprintf(b, "Group: %q, Arity: %d, ", c.Group, c.Arity)
	var fl []string
	for _, f := range flagFields {
		on := hasFlag(c.Flags, f.data)
		if f.data == "NOSCRIPT" && e.noScript != nil {
			on = *e.noScript
		}
		if f.data == "DENYOOM" && e.denyOOM != nil {
			on = *e.denyOOM
		}
		if on {
			fl = append(fl, f.field+": true")
		}
	}
	if len(fl) > 0 {
		fmt.Fprintf(b, "Flags: CommandFlags{%s}, ", strings.Join(fl, ", "))
	}
	if c.Nondeterministic {
		b.WriteString("Nondeterministic: true, ")
	}
	if c.NondeterministicOrder {
		b.WriteString("NondeterministicOrder: true, ")
	}
	if e.sinceRedis != "" {
		fmt.Fprintf(b, "Since: %q, ", e.sinceRedis)
	}
	if e.sinceValkey != "" {
		fmt.Fprintf(b, "SinceValkey: %q, ", e.sinceValkey)
	}
	if c.DeprecatedSince != "" {
		fmt.Fprintf(b, "DeprecatedSince: %q, ReplacedBy: %q, ", c.DeprecatedSince, c.ReplacedBy)
	}
	if c.HasSubcommands {
		b.WriteString("HasSubcommands: true, ")
	}
	if c.GetKeysFunction {
		b.WriteString("GetKeysFunction: true, ")
	}
	acl := c.ACLEffective
	if len(acl) > 0 {
		b.WriteString("ACLCategories: []string{")
		for i, a := range acl {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%q", a)
		}
		b.WriteString("}, ")
	}
	if len(c.KeySpecs) > 0 {
		b.WriteString("KeySpecs: []KeySpec{")
		for _, ks := range c.KeySpecs {
			if err := emitKeySpec(b, c.Name, ks); err != nil {
				return err
			}
		}
		b.WriteString("}, ")
	}
	if len(c.Arguments) > 0 {
		b.WriteString("Args: ")
		if err := emitArgs(b, c.Name, c.Arguments); err != nil {
			return err
		}
		b.WriteString(", ")
	}
	fmt.Fprintf(b, "avail: %s},\n", availLit(e.avail))
	return nil
}

// validate rejects flags the generated types cannot express, before any
// other step relies on the entry.
func validate(c rawCommand) error {
	for _, f := range c.Flags {
		if !knownFlag(f) {
			return fmt.Errorf("commandgen: %s: unknown flag %q", c.Name, f)
		}
	}
	for _, ks := range c.KeySpecs {
		for _, f := range ks.Flags {
			if _, ok := keyFlagNames[f]; !ok {
				return fmt.Errorf("commandgen: %s: unknown key-spec flag %q", c.Name, f)
			}
		}
	}
	return nil
}

func knownFlag(f string) bool {
	for _, x := range flagFields {
		if x.data == f {
			return true
		}
	}
	return false
}

func availLit(a avail) string {
	return fmt.Sprintf("availability{%#04x, %#04x, %#04x, %#04x}", a.redisFrom, a.redisUntil, a.valkeyFrom, a.valkeyUntil)
}

func emitKeySpec(b *bytes.Buffer, cmd string, ks rawKeySpec) error {
	b.WriteString("{")
	var fl []string
	for _, f := range ks.Flags {
		n, ok := keyFlagNames[f]
		if !ok {
			return fmt.Errorf("commandgen: %s: unknown key-spec flag %q", cmd, f)
		}
		fl = append(fl, n)
	}
	if len(fl) > 0 {
		fmt.Fprintf(b, "Flags: %s, ", strings.Join(fl, "|"))
	}
	if len(ks.BeginSearch) != 1 || len(ks.FindKeys) != 1 {
		return fmt.Errorf("commandgen: %s: key spec needs one begin_search and one find_keys", cmd)
	}
	for kind, raw := range ks.BeginSearch {
		switch kind {
		case "index":
			var v struct {
				Pos int `json:"pos"`
			}
			if err := json.Unmarshal(raw, &v); err != nil {
				return fmt.Errorf("commandgen: %s: begin_search: %w", cmd, err)
			}
			fmt.Fprintf(b, "Begin: BeginSearch{Kind: BeginIndex, Pos: %d}, ", v.Pos)
		case "keyword":
			var v struct {
				Keyword   string `json:"keyword"`
				StartFrom int    `json:"startfrom"`
			}
			if err := json.Unmarshal(raw, &v); err != nil {
				return fmt.Errorf("commandgen: %s: begin_search: %w", cmd, err)
			}
			fmt.Fprintf(b, "Begin: BeginSearch{Kind: BeginKeyword, Keyword: %q, StartFrom: %d}, ", v.Keyword, v.StartFrom)
		case "unknown":
			b.WriteString("Begin: BeginSearch{Kind: BeginUnknown}, ")
		default:
			return fmt.Errorf("commandgen: %s: unknown begin_search %q", cmd, kind)
		}
	}
	for kind, raw := range ks.FindKeys {
		switch kind {
		case "range":
			var v struct {
				LastKey int `json:"lastkey"`
				Step    int `json:"step"`
				Limit   int `json:"limit"`
			}
			if err := json.Unmarshal(raw, &v); err != nil {
				return fmt.Errorf("commandgen: %s: find_keys: %w", cmd, err)
			}
			fmt.Fprintf(b, "Find: FindKeys{Kind: FindRange, LastKey: %d, Step: %d, Limit: %d}", v.LastKey, v.Step, v.Limit)
		case "keynum":
			var v struct {
				KeynumIdx int `json:"keynumidx"`
				FirstKey  int `json:"firstkey"`
				Step      int `json:"step"`
			}
			if err := json.Unmarshal(raw, &v); err != nil {
				return fmt.Errorf("commandgen: %s: find_keys: %w", cmd, err)
			}
			fmt.Fprintf(b, "Find: FindKeys{Kind: FindKeynum, KeynumIdx: %d, FirstKey: %d, Step: %d}", v.KeynumIdx, v.FirstKey, v.Step)
		case "unknown":
			b.WriteString("Find: FindKeys{Kind: FindUnknown}")
		default:
			return fmt.Errorf("commandgen: %s: unknown find_keys %q", cmd, kind)
		}
	}
	if ks.Notes != "" {
		fmt.Fprintf(b, ", Notes: %q", ks.Notes)
	}
	b.WriteString("}, ")
	return nil
}

func emitArgs(b *bytes.Buffer, cmd string, args []rawArgument) error {
	b.WriteString("[]Argument{")
	for _, a := range args {
		t, ok := argTypes[a.Type]
		if !ok {
			return fmt.Errorf("commandgen: %s: argument %q: unknown type %q", cmd, a.Name, a.Type)
		}
		fmt.Fprintf(b, "{Name: %q, Type: %s, ", a.Name, t)
		if a.Token != "" {
			fmt.Fprintf(b, "Token: %q, ", a.Token)
		}
		if a.Optional {
			b.WriteString("Optional: true, ")
		}
		if a.Multiple {
			b.WriteString("Multiple: true, ")
		}
		if a.MultipleToken {
			b.WriteString("MultipleToken: true, ")
		}
		ksi := -1
		if a.KeySpecIndex != nil {
			ksi = *a.KeySpecIndex
		}
		fmt.Fprintf(b, "KeySpecIndex: %d, ", ksi)
		if a.Since != "" {
			fmt.Fprintf(b, "Since: %q, ", a.Since)
		}
		if a.DeprecatedSince != "" {
			fmt.Fprintf(b, "DeprecatedSince: %q, ", a.DeprecatedSince)
		}
		if len(a.Arguments) > 0 {
			b.WriteString("Args: ")
			if err := emitArgs(b, cmd, a.Arguments); err != nil {
				return err
			}
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "avail: %s}, ", availLit(a.avail))
	}
	b.WriteString("}")
	return nil
}

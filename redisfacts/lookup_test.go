package redisfacts

import (
	"testing"
)

func mustVersion(t testing.TB, s string) Version {
	t.Helper()
	v, err := ParseVersion(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestLookupCommandExistence(t *testing.T) {
	tests := []struct {
		version, name string
		want          bool
	}{
		{"7.2", "GET", true},
		{"7.2", "get", true},
		{"7.2", "GeT", true},
		{"7.2", "NOSUCH", false},
		{"7.2", "", false},
		{"6.2", "LMPOP", false}, // since 7.0
		{"7.0", "LMPOP", true},
		{"6.2", "FUNCTION LOAD", false},
		{"7.0", "function load", true},
		{"7.0", "WAITAOF", false}, // since 7.2
		{"7.2", "WAITAOF", true},
		{"valkey-7.2", "WAITAOF", true},
		{"7.2", "HEXPIRE", false}, // overlay: Redis 7.4
		{"7.4", "HEXPIRE", true},
		{"valkey-8.1", "HEXPIRE", false}, // Valkey 9.0
		{"8.2", "DELEX", false},
		{"8.4", "DELEX", true},
		{"valkey-8.1", "DELEX", false}, // redis_only
		{"8.4", "DIGEST", true},
		{"8.2", "MSETEX", false},
		{"8.4", "MSETEX", true},
		{"7.4", "HGETEX", false},
		{"8.0", "HGETEX", true},
		{"8.0", "SFLUSH", true},
		{"valkey-8.1", "SFLUSH", false},
		{"8.4", "DELIFEQ", false}, // valkey_only, Valkey 9.0
		{"valkey-8.1", "DELIFEQ", false},
		{"valkey-8.0", "CLIENT CAPA", true},
		{"valkey-7.2", "CLIENT CAPA", false},
		{"8.4", "CLIENT CAPA", false}, // Valkey only
		{"valkey-8.0", "SCRIPT SHOW", true},
		{"7.4", "SCRIPT SHOW", false},
		{"7.2", "CLUSTER SLOT-STATS", false},
		{"8.2", "CLUSTER SLOT-STATS", true},
		{"7.2", "SENTINEL MASTERS", false}, // sentinel-only
		{"7.2", "SENTINEL", false},
		{"7.2", "CLIENT", true},
		{"7.2", "client kill", true},
		{"7.2", "CLIENT  KILL", false},
	}
	for _, tt := range tests {
		got := LookupCommand(mustVersion(t, tt.version), tt.name) != nil
		if got != tt.want {
			t.Errorf("LookupCommand(%s, %q) exists = %v, want %v", tt.version, tt.name, got, tt.want)
		}
	}
}

func TestLookupCommandFields(t *testing.T) {
	v := mustVersion(t, "7.2")
	set := LookupCommand(v, "set")
	if set == nil {
		t.Fatal("SET missing")
	}
	if set.Name != "SET" || set.Arity != -3 || !set.Flags.Write || !set.Flags.DenyOOM || set.Flags.ReadOnly || set.Flags.NoScript {
		t.Errorf("SET = %+v", set)
	}
	if set.Since != "1.0.0" || set.Group != "string" || set.HasSubcommands || set.IsSubcommand() {
		t.Errorf("SET since/group = %q %q", set.Since, set.Group)
	}
	get := LookupCommand(v, "GET")
	if !get.Flags.ReadOnly || !get.Flags.Fast || get.Flags.Write {
		t.Errorf("GET flags = %+v", get.Flags)
	}
	kill := LookupCommand(v, "CLIENT KILL")
	if kill.Container != "CLIENT" || kill.Subcommand() != "KILL" || !kill.Flags.NoScript || !kill.Flags.Admin {
		t.Errorf("CLIENT KILL = %+v", kill)
	}
	if c := LookupCommand(v, "CLIENT"); !c.HasSubcommands || c.Flags.NoScript {
		t.Errorf("CLIENT = %+v", c)
	}
	if c := LookupCommand(v, "PUBLISH"); !c.Flags.MayReplicate || !c.Flags.PubSub {
		t.Errorf("PUBLISH flags = %+v", c.Flags)
	}
	if c := LookupCommand(v, "TIME"); !c.Nondeterministic {
		t.Error("TIME should be nondeterministic")
	}
	if c := LookupCommand(v, "SMEMBERS"); !c.NondeterministicOrder || c.Nondeterministic {
		t.Error("SMEMBERS should have nondeterministic order only")
	}
	if c := LookupCommand(v, "EXEC"); !c.Flags.NoScript {
		t.Error("EXEC should be NOSCRIPT")
	}
	if c := LookupCommand(v, "ZADD"); !c.AcceptsArgCount(4) || c.AcceptsArgCount(3) {
		t.Error("ZADD arity -4")
	}
	if c := LookupCommand(v, "GET"); !c.AcceptsArgCount(2) || c.AcceptsArgCount(3) {
		t.Error("GET arity 2")
	}
}

func TestNoScriptPerVersion(t *testing.T) {
	tests := []struct {
		version, name string
		want          bool
	}{
		{"6.2", "BLPOP", true},
		{"7.0", "BLPOP", true},
		{"7.2", "BLPOP", false},
		{"8.4", "BLPOP", false},
		{"valkey-7.2", "BLPOP", false},
		{"7.0", "BLMOVE", true},
		{"7.0", "BRPOP", true},
		{"7.0", "BRPOPLPUSH", true},
		{"7.0", "BZPOPMAX", true},
		{"7.0", "BZPOPMIN", true},
		{"7.0", "WAIT", true},
		{"7.2", "WAIT", false},
		{"7.0", "BLMPOP", false}, // never NOSCRIPT
		{"7.2", "WAITAOF", true},
		{"7.4", "WAITAOF", false},
		{"valkey-7.2", "WAITAOF", true},
		{"valkey-8.0", "WAITAOF", false},
		{"7.2", "EVAL", true},
		{"7.2", "SUBSCRIBE", true},
		{"7.2", "SELECT", false},
		{"valkey-8.0", "CLIENT CAPA", true},
	}
	for _, tt := range tests {
		c := LookupCommand(mustVersion(t, tt.version), tt.name)
		if c == nil {
			t.Errorf("%s %s missing", tt.version, tt.name)
			continue
		}
		if c.Flags.NoScript != tt.want {
			t.Errorf("%s %s NoScript = %v, want %v", tt.version, tt.name, c.Flags.NoScript, tt.want)
		}
	}
}

func TestDenyOOMHashFieldExpire(t *testing.T) {
	if c := LookupCommand(mustVersion(t, "7.4"), "HEXPIRE"); !c.Flags.DenyOOM {
		t.Error("HEXPIRE on 7.4 should be DENYOOM")
	}
	if c := LookupCommand(mustVersion(t, "8.0"), "HEXPIRE"); c.Flags.DenyOOM || !c.Flags.Write {
		t.Errorf("HEXPIRE on 8.0 flags = %+v", c.Flags)
	}
}

func TestLookupSubcommand(t *testing.T) {
	v := mustVersion(t, "7.2")
	if c := LookupSubcommand(v, "client", "kill"); c == nil || c.Name != "CLIENT KILL" {
		t.Errorf("LookupSubcommand(client, kill) = %v", c)
	}
	if c := LookupSubcommand(v, "OBJECT", "Encoding"); c == nil || c.Name != "OBJECT ENCODING" {
		t.Errorf("LookupSubcommand(OBJECT, Encoding) = %v", c)
	}
	if c := LookupSubcommand(v, "CLIENT", "NOPE"); c != nil {
		t.Errorf("unknown subcommand = %v", c)
	}
	if c := LookupSubcommand(v, "", ""); c != nil {
		t.Errorf("empty = %v", c)
	}
	if c := LookupSubcommand(mustVersion(t, "6.2"), "FUNCTION", "LOAD"); c != nil {
		t.Errorf("FUNCTION LOAD on 6.2 = %v", c)
	}
	subs := Subcommands(v, "object")
	if len(subs) != 5 {
		t.Errorf("OBJECT subcommands = %d, want 5 (ENCODING FREQ HELP IDLETIME REFCOUNT)", len(subs))
	}
}

func TestDeprecated(t *testing.T) {
	tests := []struct {
		version, name string
		want          bool
	}{
		{"6.2", "GETSET", true},
		{"6.2", "HMSET", true},
		{"7.0", "QUIT", false},
		{"7.2", "QUIT", true},
		{"valkey-7.2", "QUIT", true},
		{"7.2", "GET", false},
		{"7.2", "CLUSTER SLAVES", true},
	}
	for _, tt := range tests {
		c := LookupCommand(mustVersion(t, tt.version), tt.name)
		if got := c.IsDeprecated(mustVersion(t, tt.version)); got != tt.want {
			t.Errorf("%s %s IsDeprecated = %v, want %v", tt.version, tt.name, got, tt.want)
		}
	}
	if c := LookupCommand(DefaultVersion, "SETNX"); c.ReplacedBy == "" || c.DeprecatedSince != "2.6.12" {
		t.Errorf("SETNX deprecation = %q %q", c.DeprecatedSince, c.ReplacedBy)
	}
}

func TestTokenSince(t *testing.T) {
	tests := []struct {
		version, cmd, token string
		known, ok           bool
	}{
		{"8.4", "SET", "IFEQ", true, true},
		{"8.2", "SET", "IFEQ", true, false},
		{"valkey-8.1", "SET", "IFEQ", true, true},
		{"valkey-8.0", "SET", "IFEQ", true, false},
		{"valkey-8.1", "SET", "IFNE", true, false},
		{"8.4", "SET", "ifdne", true, true},
		{"8.4", "SET", "NX", true, true},
		{"6.2", "SET", "GET", true, true},
		{"6.2", "SET", "KEEPTTL", true, true},
		{"8.4", "SET", "BOGUS", false, false},
		{"8.4", "DELEX", "IFEQ", true, true},
		{"6.2", "EXPIRE", "NX", true, false}, // the condition group is since 7.0
		{"7.0", "EXPIRE", "nx", true, true},
		{"6.2", "ZRANGE", "BYSCORE", true, true},
		{"7.2", "CLIENT KILL", "MAXAGE", true, false},
		{"7.4", "CLIENT KILL", "MAXAGE", true, true},
		{"valkey-7.2", "CLUSTER SETSLOT", "TIMEOUT", true, false},
		{"valkey-8.0", "CLUSTER SETSLOT", "TIMEOUT", true, true},
		{"7.2", "CLUSTER SETSLOT", "TIMEOUT", true, false},
		{"8.0", "CLUSTER SETSLOT", "TIMEOUT", false, false}, // Redis status unknown after 7.2
	}
	for _, tt := range tests {
		v := mustVersion(t, tt.version)
		c := LookupCommand(v, tt.cmd)
		if c == nil {
			t.Errorf("%s %s missing", tt.version, tt.cmd)
			continue
		}
		known, ok := c.TokenSince(v, tt.token)
		if known != tt.known || ok != tt.ok {
			t.Errorf("%s %s TokenSince(%s) = %v, %v; want %v, %v", tt.version, tt.cmd, tt.token, known, ok, tt.known, tt.ok)
		}
	}
}

func TestCommandsAndSuggest(t *testing.T) {
	v72 := mustVersion(t, "7.2")
	cmds := Commands(v72)
	if len(cmds) < 300 {
		t.Fatalf("Commands(7.2) = %d entries", len(cmds))
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		if seen[c.Name] {
			t.Errorf("duplicate %s", c.Name)
		}
		seen[c.Name] = true
		if i > 0 && cmds[i-1].Name >= c.Name {
			t.Errorf("not sorted at %s", c.Name)
		}
		if LookupCommand(v72, c.Name) != c {
			t.Errorf("Commands and LookupCommand disagree on %s", c.Name)
		}
	}
	if seen["DELEX"] || !seen["GET"] || seen["SENTINEL MASTERS"] {
		t.Error("Commands(7.2) has the wrong set")
	}
	if !containsName(Commands(mustVersion(t, "8.4")), "DELEX") {
		t.Error("Commands(8.4) lacks DELEX")
	}

	tests := []struct {
		version, name, want string
	}{
		{"7.2", "GTE", "GET"},
		{"7.2", "hgetal", "HGETALL"},
		{"7.2", "ZRANGEBYSOCRE", "ZRANGEBYSCORE"},
		{"7.2", "INCRBYY", "INCRBY"},
		{"7.2", "client kil", "CLIENT KILL"},
		{"7.2", "XYZZYQUUX", ""},
		{"7.2", "", ""},
		{"8.2", "DELEX", ""}, // two edits in five letters: not a typo (TestClose)
		{"8.4", "DELEXX", "DELEX"},
	}
	for _, tt := range tests {
		if got := Suggest(mustVersion(t, tt.version), tt.name); got != tt.want {
			t.Errorf("Suggest(%s, %q) = %q, want %q", tt.version, tt.name, got, tt.want)
		}
	}
}

func containsName(cmds []*Command, name string) bool {
	for _, c := range cmds {
		if c.Name == name {
			return true
		}
	}
	return false
}

func TestTableInvariants(t *testing.T) {
	for i := range commandTable {
		c := &commandTable[i]
		if c.Container != "" {
			if LookupCommand(Version{Valkey: true, Major: 8, Minor: 1}, c.Container) == nil && LookupCommand(DefaultVersion, c.Container) == nil {
				t.Errorf("%s: container %s missing", c.Name, c.Container)
			}
		}
		for _, ks := range c.KeySpecs {
			if ks.Begin.Kind == BeginKeyword && ks.Begin.Keyword == "" {
				t.Errorf("%s: keyword spec without keyword", c.Name)
			}
		}
		if c.Flags.OnlySentinel {
			t.Errorf("%s: sentinel-only command in the table", c.Name)
		}
	}
	if len(commandNames) != len(commandSpans) {
		t.Fatalf("%d command names, %d spans", len(commandNames), len(commandSpans))
	}
	covered := 0
	for i, name := range commandNames {
		if i > 0 && commandNames[i-1] >= name {
			t.Errorf("command names not sorted: %s before %s", commandNames[i-1], name)
		}
		s := commandSpans[i]
		if s.n == 0 || int(s.start) != covered {
			t.Errorf("index %s: span %+v, want one starting at %d", name, s, covered)
		}
		for j := int(s.start); j < int(s.start+s.n); j++ {
			if commandTable[j].Name != name {
				t.Errorf("index %s → %s", name, commandTable[j].Name)
			}
		}
		covered = int(s.start + s.n)
	}
	if covered != len(commandTable) {
		t.Errorf("the index covers %d of %d table entries", covered, len(commandTable))
	}
}

var sink *Command

func BenchmarkLookupCommand(b *testing.B) {
	v := DefaultVersion
	b.Run("upper", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = LookupCommand(v, "ZRANGEBYSCORE")
		}
	})
	b.Run("lower", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = LookupCommand(v, "zrangebyscore")
		}
	})
	b.Run("subcommand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = LookupSubcommand(v, "client", "kill")
		}
	})
}

func TestLookupDoesNotAllocate(t *testing.T) {
	v := DefaultVersion
	for _, name := range []string{"GET", "get", "Client Kill", "nosuch"} {
		if n := testing.AllocsPerRun(100, func() { sink = LookupCommand(v, name) }); n != 0 {
			t.Errorf("LookupCommand(%q) allocates %v times", name, n)
		}
	}
}

func TestLookupCall(t *testing.T) {
	v := DefaultVersion
	tests := []struct {
		call, want string
	}{
		{"client kill 1.2.3.4:5", "CLIENT KILL"},
		{"CLIENT ?", "CLIENT"},
		{"CLIENT", "CLIENT"},
		{"CLIENT bogus", ""},
		{"get k", "GET"},
		{"? k", ""},
		{"nosuch", ""},
	}
	for _, tt := range tests {
		c := LookupCall(v, args(tt.call))
		got := ""
		if c != nil {
			got = c.Name
		}
		if got != tt.want {
			t.Errorf("LookupCall(%s) = %q, want %q", tt.call, got, tt.want)
		}
	}
	if LookupCall(v, nil) != nil {
		t.Error("LookupCall(nil) != nil")
	}
}

func TestIsUnlistedCommand(t *testing.T) {
	tests := []struct {
		version, name string
		want          bool
	}{
		{"7.2", "JSON.GET", true},
		{"8.4", "ft.search", true},
		{"8.0", "VADD", true},
		{"7.4", "VADD", false},
		{"8.2", "xdelex", true},
		{"8.0", "XDELEX", false},
		{"valkey-8.1", "VADD", false},
		{"8.4", "GTE", false},
	}
	for _, tt := range tests {
		if got := IsUnlistedCommand(mustVersion(t, tt.version), tt.name); got != tt.want {
			t.Errorf("IsUnlistedCommand(%s, %s) = %v, want %v", tt.version, tt.name, got, tt.want)
		}
	}
	for _, name := range unlistedSince.names() {
		for _, v := range KnownVersions {
			if LookupCommand(mustVersion(t, v), name) != nil {
				t.Errorf("%s is in the table on %s: drop it from unlistedSince", name, v)
			}
		}
	}
}

func TestArgumentFirstVersion(t *testing.T) {
	set := LookupCommand(DefaultVersion, "SET")
	tests := []struct {
		token  string
		valkey bool
		want   string
		ok     bool
	}{
		{"IFEQ", false, "8.4", true},
		{"IFEQ", true, "8.1", true},
		{"IFNE", true, "", false},
		{"GET", false, "6.2", true},
	}
	for _, tt := range tests {
		a := set.FindToken(tt.token)
		if a == nil {
			t.Fatalf("SET %s missing", tt.token)
		}
		got, ok := a.FirstVersion(tt.valkey)
		if got != tt.want || ok != tt.ok {
			t.Errorf("SET %s FirstVersion(valkey=%v) = %q, %v; want %q, %v", tt.token, tt.valkey, got, ok, tt.want, tt.ok)
		}
	}
	if !set.FindToken("ifeq").Exists(mustVersion(t, "valkey-8.1")) || set.FindToken("IFEQ").Exists(mustVersion(t, "8.2")) {
		t.Error("Argument.Exists IFEQ")
	}
}

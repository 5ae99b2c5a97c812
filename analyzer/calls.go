package analyzer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// CallsAnalysis resolves every call of the Redis command API
// (redis.call, redis.pcall, server.call, server.pcall, their local aliases,
// and pcall(redis.call, ...)) and every call of a global library function.
var CallsAnalysis = &Analysis{
	Name:     "calls",
	Doc:      "Redis command calls (with command facts and key arguments) and global library calls",
	Requires: []*Analysis{ScriptAnalysis},
	Run: func(pass *Pass) any {
		sc := scratchOf(pass, func(s *scratch) *callsScratch { return &s.calls })
		return newCalls(Script(pass), pass.Version, pass.Commands, sc)
	},
	slot: slotCalls,
}

// callsScratch is the memory of CallsAnalysis's result, reused from file
// to file by a worker (see scratch.go).
type callsScratch struct {
	info   CallInfo
	sites  recordPool[CallSite]
	calls  recordPool[RedisCall]
	list   sliceBuf[*RedisCall]
	writes sliceBuf[*RedisCall]
	siteL  sliceBuf[*CallSite]
	siteAt sliceBuf[*CallSite]
	siteOf mapBuf[*luaast.CallExpr, *CallSite]
	// keyArgs holds every call's KeyArgs, one after the other (a call's
	// list is capacity-limited: appending to it copies).
	keyArgs []luaast.Expr
	// named holds the answers of CallInfo.Named the same way.
	named []*CallSite
	// argv and keyPos are resolveCommand's working lists, reused from
	// call to call (a fixed array on the stack was cleared on every call).
	argv   []redisfacts.Arg
	keyPos []int
}

// release readies sc for the next file.
func (sc *callsScratch) release() {
	sc.info = CallInfo{}
	sc.sites.release()
	sc.calls.release()
	sc.list.release()
	sc.writes.release()
	sc.siteL.release()
	sc.siteAt.release()
	sc.siteOf.release()
	sc.keyArgs = recycle(sc.keyArgs, len(sc.keyArgs))
	sc.named = recycle(sc.named, len(sc.named))
	sc.argv = recycle(sc.argv, cap(sc.argv))
}

// Calls returns the CallsAnalysis result for the pass's file.
func Calls(pass *Pass) *CallInfo {
	r, ok := pass.ResultOf(CallsAnalysis).(*CallInfo)
	if !ok {
		// Only a broken Run function could cause this: a programming error.
		panic("analyzer: CallsAnalysis did not return a *CallInfo")
	}
	return r
}

// RedisCall is one call that runs a Redis command.
type RedisCall struct {
	// Call is the call expression: redis.call(...) (or an alias), or the
	// pcall(redis.call, ...) call when Wrapped.
	Call *luaast.CallExpr
	// API is the resolved function: "redis.call", "redis.pcall",
	// "server.call" or "server.pcall".
	API string
	// Protected is true for pcall variants (redis.pcall, server.pcall, or
	// a call wrapped in Lua's pcall): a command error is returned, not
	// raised.
	Protected bool
	// Wrapped is true for pcall(redis.call, name, ...): Call is the pcall,
	// whose first result is a boolean, not the reply.
	Wrapped bool
	// Fn is the function the call is written in (the main chunk at top
	// level).
	Fn *luaast.FunctionExpr
	// NameExpr is the command name argument, nil for redis.call().
	NameExpr luaast.Expr
	// Name is the upper-cased command name when NameKnown: a string literal
	// in any case, or a local bound once to one.
	Name      string
	NameKnown bool
	// Subcommand is the upper-cased subcommand ("ENCODING" for OBJECT
	// ENCODING k) when Command is a subcommand, else "".
	Subcommand string
	// Command is the command's facts for the target version (the
	// subcommand's when there is one); nil when the name is unknown or the
	// version has no such command.
	Command *redisfacts.Command
	// Args are the arguments after the command name.
	Args []luaast.Expr
	// ArgCountKnown is false when the last argument can stand for any
	// number of values: "...", unpack(...), or a call of a function not
	// known to return exactly one value (redis.call, tostring,
	// string.format, math.floor... are known).
	ArgCountKnown bool
	// KeyArgs are the arguments at key positions (from the command's key
	// specs, reading the literal arguments), in order.
	KeyArgs []luaast.Expr
	// KeysComplete is true when KeyArgs are all the keys: the command and
	// every argument the key specs depend on are known, and ArgCountKnown.
	KeysComplete bool
	// IsWrite is the command's write flag.
	IsWrite bool
	// MayReplicate is the command's may-replicate flag (PUBLISH, PFCOUNT...):
	// read-only scripts refuse these like writes.
	MayReplicate bool

	replyCmds []string // {Name} when NameKnown, shared by reply origins
	nameArr   [1]string
	// wid is 1 + the call's index in CallInfo.Writes(), 0 when it is not
	// a write (so that the zero RedisCall is none): FlowInfo's sets are
	// indexed by it.
	wid int32
}

// ArgAt returns the i-th argument counting the command name as 0 (the
// numbering of key specs and of redis.call's argument list), or nil.
func (c *RedisCall) ArgAt(i int) luaast.Expr {
	if i == 0 {
		return c.NameExpr
	}
	if i-1 < len(c.Args) {
		return c.Args[i-1]
	}
	return nil
}

// CallSite is a call of a global library function.
type CallSite struct {
	// Call is the call expression.
	Call *luaast.CallExpr
	// Callee is the dotted global name called: "pcall", "string.format",
	// "redis.error_reply". Calls through local aliases (local fmt =
	// string.format) are resolved.
	Callee string
	// Fn is the function the call is written in.
	Fn *luaast.FunctionExpr

	seq int32      // index in CallInfo.Sites
	rc  *RedisCall // the command call, when the call runs one
}

// CallInfo is the result of CallsAnalysis. Named indexes the calls on
// first use, so it must not be used from several goroutines at once (the
// engine runs the rules of one file sequentially).
type CallInfo struct {
	// List holds every Redis command call in source order (an outer call
	// before the calls in its arguments).
	List []*RedisCall
	// Sites holds every call of a global library function (including the
	// Redis API calls themselves), in source order.
	Sites []*CallSite

	script *ScriptInfo
	sc     *callsScratch // the memory of the records and lists
	// siteOf finds the site of a call.
	siteOf map[*luaast.CallExpr]*CallSite
	// siteAt[i] is the library call record of the script index's call i
	// (nil when none): what site answers, without a lookup, for who
	// walks the index's calls (FlowInfo.computeWrites).
	siteAt []*CallSite
	// byName holds Sites grouped by callee, each group in source order:
	// callee nameID[c]'s sites are byName[nameStart[id]:nameStart[id+1]].
	// Built by Named.
	byName    []*CallSite
	nameID    map[string]int32
	nameStart []int32
	writes    []*RedisCall
	// calleeBits has bit calleeBit(s.Callee) set for every site: most
	// Named queries ask for names a file does not call (redis.setresp,
	// unpack), and the bits answer those without a scan.
	calleeBits uint64
}

// calleeBit hashes a callee name to one of 64 bits (its length, first and
// last bytes). Equal names have equal bits, so a name whose bit is clear
// in calleeBits is not called.
func calleeBit(name string) uint64 {
	if name == "" {
		return 1
	}
	return 1 << ((uint(len(name))*5 + uint(name[0])*3 + uint(name[len(name)-1])) & 63)
}

// Of returns the Redis command call for call, or nil when call does not run
// a command.
func (c *CallInfo) Of(call *luaast.CallExpr) *RedisCall {
	// Every command call is a library call (its callee is a global path):
	// one lookup serves both.
	if s := c.site(call); s != nil {
		return s.rc
	}
	return nil
}

// site returns the library call record of call (nil when none).
func (c *CallInfo) site(call *luaast.CallExpr) *CallSite {
	return c.siteOf[call]
}

// setSite records site as call's, the site numbered site.seq.
func (c *CallInfo) setSite(call *luaast.CallExpr, site *CallSite) {
	if c.siteOf == nil {
		c.siteOf = c.sc.siteOf.get(8)
	}
	c.siteOf[call] = site
}

// OfExpr is Of for any expression (nil unless e is such a call, possibly
// parenthesised).
func (c *CallInfo) OfExpr(e luaast.Expr) *RedisCall {
	for {
		switch x := e.(type) {
		case *luaast.ParenExpr:
			e = x.X
			continue
		case *luaast.CallExpr:
			return c.Of(x)
		}
		return nil
	}
}

// Site returns the library call record of call, or nil when its callee is
// not a global library function.
func (c *CallInfo) Site(call *luaast.CallExpr) *CallSite { return c.site(call) }

// Callee returns the dotted global name a call invokes ("tonumber",
// "string.format", "redis.call"), following local aliases bound once; ""
// for a method call, a call of a local function or anything unresolved.
func (c *CallInfo) Callee(call luaast.Expr) string {
	if x, ok := call.(*luaast.CallExpr); ok {
		if s := c.site(x); s != nil {
			return s.Callee
		}
	}
	return ""
}

// Named returns the library calls whose callee is one of names, in source
// order. The slice may be shared: do not modify it.
func (c *CallInfo) Named(names ...string) []*CallSite {
	// Rules ask for a few names per query, sometimes once per node they
	// check: an index by callee keeps a query proportional to its answer
	// rather than to the file's calls (quadratic in a large file). The
	// index is the sites sorted by callee: one allocation. A short list
	// is scanned: cheaper than a binary search by string comparison.
	var bits uint64
	for _, n := range names {
		bits |= calleeBit(n)
	}
	if bits&c.calleeBits == 0 {
		return nil
	}
	if len(c.Sites) <= namedScanMax {
		// The answer goes to the file's buffer of answers rather than to
		// a slice grown by doubling: no allocation once the worker's
		// scratch has grown.
		buf := c.sc.named
		start := len(buf)
		for _, s := range c.Sites {
			if slices.Contains(names, s.Callee) {
				buf = append(buf, s)
			}
		}
		c.sc.named = buf
		if len(buf) == start {
			return nil
		}
		return buf[start:len(buf):len(buf)] // appending copies
	}
	if c.byName == nil {
		c.indexNames()
	}
	var out []*CallSite
	for i, n := range names {
		id, ok := c.nameID[n]
		if !ok || slices.Contains(names[:i], n) {
			continue
		}
		lo, hi := c.nameStart[id], c.nameStart[id+1]
		l := c.byName[lo:hi:hi] // appending copies
		if out == nil {
			out = l
			continue
		}
		out = mergeSites(out, l)
	}
	return out
}

// indexNames groups Sites by callee (a counting sort: a file calls few
// distinct names).
func (c *CallInfo) indexNames() {
	c.nameID = make(map[string]int32)
	ids := make([]int32, len(c.Sites))
	var counts []int32
	for i, s := range c.Sites {
		id, ok := c.nameID[s.Callee]
		if !ok {
			id = int32(len(counts))
			c.nameID[s.Callee] = id
			counts = append(counts, 0)
		}
		counts[id]++
		ids[i] = id
	}
	c.nameStart = make([]int32, len(counts)+1)
	for id, n := range counts {
		c.nameStart[id+1] = c.nameStart[id] + n
	}
	next := counts // reused: the next free slot of each group
	copy(next, c.nameStart)
	c.byName = make([]*CallSite, len(c.Sites))
	for i, s := range c.Sites {
		c.byName[next[ids[i]]] = s
		next[ids[i]]++
	}
}

// namedScanMax is the number of library calls up to which Named scans
// them rather than building an index.
const namedScanMax = 64

// mergeSites merges two lists of call sites in source order.
func mergeSites(a, b []*CallSite) []*CallSite {
	out := make([]*CallSite, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].seq < a[0].seq {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	out = append(out, a...)
	return append(out, b...)
}

// Writes returns the write command calls (IsWrite) in source order.
func (c *CallInfo) Writes() []*RedisCall { return c.writes }

// LocalFunc returns the function a call invokes when it is defined in the
// file: a local function, a local bound once to a function literal, a
// global defined once by "function name()", or an immediately called
// literal; nil otherwise.
func (c *CallInfo) LocalFunc(call luaast.Expr) *luaast.FunctionExpr {
	if x, ok := call.(*luaast.CallExpr); ok {
		return c.script.idx.resolveFunc(x.Fn)
	}
	return nil
}

// GlobalName returns the dotted global name e denotes without following
// locals: "string.format" for string.format or string["format"], "pcall"
// for pcall, "" when the root is a local (local string = ...) or e is not a
// name. Prefer CallInfo.Callee or ScriptInfo.GlobalPath, which also follow
// local aliases.
func GlobalName(e luaast.Expr) string {
	switch e := e.(type) {
	case *luaast.ParenExpr:
		return GlobalName(e.X)
	case *luaast.Ident:
		if e.Var == nil {
			return e.Name
		}
	case *luaast.FieldExpr:
		if p := GlobalName(e.X); p != "" {
			return p + "." + e.Name.Name
		}
	case *luaast.IndexExpr:
		if k, ok := e.Key.(*luaast.StringLit); ok && isName(k.Value) {
			if p := GlobalName(e.X); p != "" {
				return p + "." + k.Value
			}
		}
	}
	return ""
}

// CalleeName returns the dotted global name call invokes ("error",
// "redis.error_reply", "string.format"), or "" when call is not a
// *luaast.CallExpr of a global name. It does not follow local aliases; see
// CallInfo.Callee.
func CalleeName(call luaast.Expr) string {
	if x, ok := call.(*luaast.CallExpr); ok {
		return GlobalName(x.Fn)
	}
	return ""
}

func isCommandAPI(path string) (protected, ok bool) {
	switch path {
	case "redis.call", "server.call":
		return false, true
	case "redis.pcall", "server.pcall":
		return true, true
	}
	return false, false
}

func newCalls(s *ScriptInfo, v redisfacts.Version, cmds *redisfacts.CommandSet, sc *callsScratch) *CallInfo {
	c := &sc.info
	*c = CallInfo{script: s, sc: sc}
	ix := s.idx
	// The lists are sized for the worst case (a pointer per call of the
	// file) rather than grown by doubling, and the records come from
	// pools: no allocation per call, and none at all once the worker's
	// scratch has grown to the files it sees.
	c.Sites = sc.siteL.get(len(ix.calls))
	c.siteAt = sc.siteAt.take(len(ix.calls))
	aliases := fragmentCommandAliases(s, v, cmds)
	nw := 0
	for i := range ix.calls {
		rec := &ix.calls[i]
		call, ok := rec.call.(*luaast.CallExpr)
		if !ok {
			continue
		}
		path := ix.globalPath(call.Fn, 0)
		if path == "" {
			continue
		}
		site := sc.sites.take()
		*site = CallSite{Call: call, Callee: path, Fn: ix.funcs[rec.fn], seq: int32(len(c.Sites))}
		c.Sites = append(c.Sites, site)
		c.calleeBits |= calleeBit(path)
		c.setSite(call, site)
		c.siteAt[i] = site

		args := call.Args
		protected, isAPI := isCommandAPI(path)
		if !isAPI && aliases[path] {
			// The assembled script binds this name to redis.call.
			isAPI, path = true, "redis.call"
		}
		wrapped := false
		if !isAPI && path == "pcall" && len(args) > 0 {
			if inner := ix.globalPath(args[0], 0); inner != "" {
				if _, ok := isCommandAPI(inner); ok {
					isAPI, protected, wrapped = true, true, true
					path = inner
					args = args[1:]
				}
			}
		}
		if !isAPI {
			continue
		}
		rc := sc.calls.take()
		*rc = RedisCall{Call: call, API: path, Protected: protected, Wrapped: wrapped, Fn: site.Fn}
		c.resolveCommand(rc, args, v, cmds)
		if c.List == nil {
			c.List = sc.list.get(len(ix.calls) - i)
		}
		c.List = append(c.List, rc)
		site.rc = rc
		if rc.IsWrite {
			nw++
		}
	}
	sc.siteL.keep(c.Sites)
	if c.List != nil {
		sc.list.keep(c.List)
	}
	if nw > 0 {
		c.writes = sc.writes.get(nw)
		for _, rc := range c.List {
			if rc.IsWrite {
				c.writes = append(c.writes, rc)
				rc.wid = int32(len(c.writes))
			}
		}
		sc.writes.keep(c.writes)
	}
	return c
}

// resolveCommand fills the command facts of rc from its argument list
// (name first).
func (c *CallInfo) resolveCommand(rc *RedisCall, args []luaast.Expr, v redisfacts.Version, cmds *redisfacts.CommandSet) {
	ix := c.script.idx
	rc.ArgCountKnown = len(args) == 0 || !ix.mayExpand(args[len(args)-1])
	if len(args) == 0 {
		return
	}
	rc.NameExpr = args[0]
	rc.Args = args[1:]
	if name, ok := ix.constString(args[0]); ok {
		rc.Name, rc.NameKnown = strings.ToUpper(name), true
	}
	if rc.NameKnown {
		rc.nameArr[0] = rc.Name
		rc.replyCmds = rc.nameArr[:]
	}
	if !rc.NameKnown || rc.Name == "" {
		return
	}
	// A name with spaces is never a command, but LookupCommand reads
	// "CLIENT KILL" as a subcommand: a subcommand found by the whole name
	// is refused. That refuses every name holding a blank without a scan
	// of every name: only subcommand names hold a blank in the table
	// (TestOnlySubcommandNamesHoldBlanks).
	cmd := cmds.Lookup(v, rc.Name)
	if cmd == nil || cmd.IsSubcommand() {
		return
	}
	argv := c.sc.argv[:0]
	argv = append(argv, redisfacts.Arg{Text: rc.Name, Known: true})
	for _, a := range args[1:] {
		argv = append(argv, ix.argText(a))
	}
	c.sc.argv = argv
	if cmd.HasSubcommands && len(argv) > 1 && argv[1].Known {
		if sub := cmds.LookupSubcommand(v, rc.Name, argv[1].Text); sub != nil {
			cmd = sub
			rc.Subcommand = strings.ToUpper(argv[1].Text)
		}
	}
	rc.Command = cmd
	rc.IsWrite = cmd.Flags.Write
	rc.MayReplicate = cmd.Flags.MayReplicate
	positions, complete := cmd.AppendKeyPositions(c.sc.keyPos[:0], argv)
	c.sc.keyPos = positions
	rc.KeysComplete = complete && rc.ArgCountKnown
	keys := c.sc.keyArgs
	start := len(keys)
	for _, p := range positions {
		if p >= 1 && p < len(args) {
			keys = append(keys, args[p])
		}
	}
	if len(keys) > start {
		rc.KeyArgs = keys[start:len(keys):len(keys)]
	}
	c.sc.keyArgs = keys
}

// singleValue reports whether a library function always returns exactly
// one value, so a call of it in the last argument position does not make
// the argument count unknown.
func singleValue(callee string) bool {
	switch callee {
	case "redis.call", "redis.pcall", "server.call", "server.pcall", "redis.sha1hex",
		"redis.error_reply", "redis.status_reply", "server.sha1hex", "server.error_reply",
		"server.status_reply", "tostring", "tonumber", "type", "string.format", "string.sub",
		"string.lower", "string.upper", "string.rep", "string.reverse", "string.len", "string.char",
		"table.concat", "table.getn", "cjson.encode", "cjson.decode", "cmsgpack.pack", "math.abs",
		"math.ceil", "math.floor", "math.max", "math.min", "math.sqrt", "math.pow", "math.fmod",
		"math.random", "math.log", "math.exp", "math.log10", "bit.band", "bit.bor", "bit.bxor",
		"bit.tohex", "bit.tobit":
		return true
	}
	return false
}

// mayExpand reports whether e, last in an argument list, can stand for a
// number of values other than one: "...", or a call of anything but a
// library function known to return exactly one value (or a string method
// such as s:sub()).
func (ix *index) mayExpand(e luaast.Expr) bool {
	switch x := e.(type) {
	case *luaast.VarargExpr:
		return true
	case *luaast.CallExpr:
		return !singleValue(ix.globalPath(x.Fn, 0))
	case *luaast.MethodCallExpr:
		switch x.Method.Name {
		case "format", "sub", "lower", "upper", "rep", "reverse", "len":
			return false
		}
		return true
	}
	return false
}

// argText returns the text Redis receives for a literal argument: a string
// as is, a number as Lua formats it for a command (integers without a
// fraction).
func (ix *index) argText(e luaast.Expr) redisfacts.Arg {
	for range maxResolveDepth {
		switch x := e.(type) {
		case *luaast.StringLit:
			return redisfacts.Arg{Text: x.Value, Known: true}
		case *luaast.NumberLit:
			return redisfacts.Arg{Text: formatNumberArg(x.Value), Known: true}
		case *luaast.ParenExpr:
			e = x.X
			continue
		case *luaast.UnaryExpr:
			if n, ok := x.X.(*luaast.NumberLit); ok && x.Op == luaast.OpNeg {
				return redisfacts.Arg{Text: formatNumberArg(-n.Value), Known: true}
			}
		case *luaast.Ident:
			if init := ix.boundOnce(x.Var); init != nil {
				e = init
				continue
			}
		}
		return redisfacts.Arg{}
	}
	return redisfacts.Arg{}
}

// formatNumberArg formats a number as Redis 7.2+ sends it: integral values
// in decimal, others in shortest form.
func formatNumberArg(f float64) string {
	if f == float64(int64(f)) && f > -1e18 && f < 1e18 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

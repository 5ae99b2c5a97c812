package analyzer

import (
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// OriginsAnalysis computes where values come from: KEYS/ARGV elements,
// Redis replies, literals, values built from those, and so on.
//
// Locals are followed flow-insensitively: a local's origin is the union of
// every value it is ever given (its declaration and every assignment,
// wherever they are), computed as a fixpoint so loops such as
// "s = s .. x" converge. Table contents are not tracked except for the
// KEYS/ARGV tables (and the callback's keys/args), replies and decoded
// values, whose elements get the element origin.
var OriginsAnalysis = &Analysis{
	Name:     "origins",
	Doc:      "value origins of expressions and locals (KEYS, ARGV, replies, literals, built strings)",
	Requires: []*Analysis{ScriptAnalysis, CallsAnalysis, FlowAnalysis},
	Run: func(pass *Pass) any {
		sc := scratchOf(pass, func(s *scratch) *originsScratch { return &s.origins })
		return newOrigins(Script(pass), Calls(pass), Flow(pass), sc)
	},
	slot: slotOrigins,
}

// originsScratch is the memory of OriginsAnalysis's result and memos,
// reused from file to file by a worker (see scratch.go).
type originsScratch struct {
	info       OriginInfo
	uses       mapBuf[uint64, int32]
	nodeBase   sliceBuf[int32]
	identUses  mapBuf[*luaast.Ident, int32]
	useVals    sliceBuf[useResult]
	vars       sliceBuf[Origin]
	varFlags   sliceBuf[uint8]
	stable     sliceBuf[Origin]
	stableHave sliceBuf[bool]
	pending    sliceBuf[int32]
	argvVars   sliceBuf[uint8]
	// The maps of params.go and returns.go.
	helperVars mapBuf[*luaast.FunctionExpr, *luaast.Variable]
	retFuncs   mapBuf[*luaast.Variable, *luaast.FunctionExpr]
	callOf     mapBuf[*luaast.Ident, *luaast.CallExpr]
	rets       mapBuf[*luaast.FunctionExpr, retState]
	retsFlat   mapBuf[*luaast.FunctionExpr, retState]
	retStmts   mapBuf[*luaast.FunctionExpr, []*luaast.ReturnStmt]
	// solveParams' maps: the rounds' parameter origins (two, in turn:
	// one round's result is the next one's input) and the calls.
	paramRounds [2]mapBuf[*luaast.Variable, Origin]
	paramCalls  mapBuf[*luaast.FunctionExpr, []*luaast.CallExpr]
	// ReachingDefs' lists and its working memory.
	valueDefs arena[ValueDef]
	defNodes  arena[int32]
	reached   arena[bool]
}

// release readies sc for the next file.
func (sc *originsScratch) release() {
	// useVals may have grown: its array is kept, all of it to be cleared
	// (resetMemo truncates it, so its length is not all it used).
	o := &sc.info
	if o.useVals != nil {
		sc.useVals.keep(o.useVals[:cap(o.useVals)])
	}
	sc.info = OriginInfo{}
	sc.uses.release()
	sc.nodeBase.release()
	sc.identUses.release()
	sc.useVals.release()
	sc.vars.release()
	sc.varFlags.release()
	sc.stable.release()
	sc.stableHave.release()
	sc.pending.release()
	sc.argvVars.release()
	sc.helperVars.release()
	sc.retFuncs.release()
	sc.callOf.release()
	sc.rets.release()
	sc.retsFlat.release()
	sc.retStmts.release()
	sc.paramRounds[0].release()
	sc.paramRounds[1].release()
	sc.paramCalls.release()
	sc.valueDefs.release()
	sc.defNodes.release()
	sc.reached.release()
}

// Origins returns the OriginsAnalysis result for the pass's file.
func Origins(pass *Pass) *OriginInfo {
	r, ok := pass.ResultOf(OriginsAnalysis).(*OriginInfo)
	if !ok {
		// Only a broken Run function could cause this: a programming error.
		panic("analyzer: OriginsAnalysis did not return a *OriginInfo")
	}
	return r
}

// OriginKind is a set of places a value can come from.
type OriginKind uint32

// Origin kinds. A value's Origin.Kinds is the set of what it may directly
// be; for derived values (OriginBuilt, OriginConverted, OriginArith)
// Origin.Parts holds what they were computed from.
const (
	// OriginKeysElem is an element of KEYS (KEYS[i], any i; a loop variable
	// over KEYS; unpack(KEYS)), or of a library callback's keys parameter.
	OriginKeysElem OriginKind = 1 << iota
	// OriginArgvElem is an element of ARGV or of a callback's args.
	OriginArgvElem
	// OriginKeysTable is the KEYS table itself (or a callback's keys).
	OriginKeysTable
	// OriginArgvTable is the ARGV table itself (or a callback's args).
	OriginArgvTable
	// OriginReply is the reply of redis.call/pcall.
	OriginReply
	// OriginReplyElem is an element or field of a reply (reply[i],
	// reply.ok, the value variable of "for _, v in ipairs(reply)").
	OriginReplyElem
	// OriginString is a string literal.
	OriginString
	// OriginNumber is a numeric literal.
	OriginNumber
	// OriginBool is a boolean: true/false, a comparison, "not x", or the
	// status of pcall.
	OriginBool
	// OriginNil is nil (the literal, or a local declared without value).
	OriginNil
	// OriginArith is a computed number: arithmetic, #x, math.*,
	// string.len/byte/find, a numeric for variable, the index of ipairs.
	OriginArith
	// OriginConverted is tonumber(x); Parts holds x's origin.
	OriginConverted
	// OriginBuilt is a string computed from Parts: "..", string.format,
	// table.concat, string.sub/lower/rep/gsub/match..., tostring of a
	// number, cjson.encode.
	OriginBuilt
	// OriginDecoded is the result of cjson.decode or cmsgpack.unpack, or a
	// field/element of one; Parts holds what was decoded.
	OriginDecoded
	// OriginTable is a table constructor (contents not tracked) or
	// redis.error_reply/status_reply.
	OriginTable
	// OriginFunction is a function value.
	OriginFunction
	// OriginParam is a function parameter (other than a callback's keys and
	// args): unknown.
	OriginParam
	// OriginUnknown is anything else: a global, a call the analysis does
	// not model, "...", an element of an untracked table.
	OriginUnknown
)

// originDerived are the kinds whose Parts are meaningful.
const originDerived = OriginArith | OriginConverted | OriginBuilt | OriginDecoded

// originTruthy are the kinds that are never nil or false.
const originTruthy = OriginKeysElem | OriginArgvElem | OriginKeysTable | OriginArgvTable |
	OriginString | OriginNumber | OriginArith | OriginBuilt | OriginTable | OriginFunction

var originNames = [...]string{
	"keys-elem", "argv-elem", "keys-table", "argv-table", "reply", "reply-elem",
	"string", "number", "bool", "nil", "arith", "converted", "built", "decoded",
	"table", "function", "param", "unknown",
}

// String lists the kinds, "|"-separated ("keys-elem|string").
func (k OriginKind) String() string {
	if k == 0 {
		return "none"
	}
	var parts []string
	for i, n := range originNames {
		if k&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}

// Origin says where a value can come from. The zero Origin means "no
// value known yet" and only appears for unreachable code.
type Origin struct {
	// Kinds is the set of what the value may directly be.
	Kinds OriginKind
	// Parts is, for derived values (built strings, conversions, arithmetic,
	// decoded data), the union of the kinds of everything they were
	// computed from, flattened through nested derivations (a nested
	// derived part also contributes its own derived kind).
	Parts OriginKind

	// commands are the reply commands, sorted, upper-case (nil: none).
	// A pointer rather than a slice keeps Origin at 48 bytes instead of
	// 64: origins are copied at every step of an evaluation and stored
	// in the memos, and the lists are shared, never modified.
	commands   *[]string
	str        string
	num        float64
	cmdUnknown bool  // some reply's command name is not known
	constKind  uint8 // constNone, constString, constNumber
}

const (
	constNone uint8 = iota
	constStr
	constNum
	constConflict // several different constants: not a constant
)

// Involves reports whether the value or any part of it has one of kinds.
func (o Origin) Involves(kinds OriginKind) bool { return (o.Kinds|o.Parts)&kinds != 0 }

// Is reports whether the value may directly be one of kinds.
func (o Origin) Is(kinds OriginKind) bool { return o.Kinds&kinds != 0 }

// IsOnly reports whether every possible value has one of kinds (false for
// the zero Origin).
func (o Origin) IsOnly(kinds OriginKind) bool { return o.Kinds != 0 && o.Kinds&^kinds == 0 }

// PartsOnly reports whether the parts of a derived value all come from
// kinds (nested built strings allowed). It is true for a value without
// parts.
func (o Origin) PartsOnly(kinds OriginKind) bool { return o.Parts&^(kinds|OriginBuilt) == 0 }

// IsOnlyKeysElement reports whether the value is certainly a KEYS element
// (or an element of a callback's keys).
func (o Origin) IsOnlyKeysElement() bool { return o.Kinds == OriginKeysElem }

// IsOnlyArgvElement reports whether the value is certainly an ARGV element
// (or an element of a callback's args).
func (o Origin) IsOnlyArgvElement() bool { return o.Kinds == OriginArgvElem }

// BuiltFromKeysAndLiterals reports whether the value is certainly a string
// built only from KEYS elements and literals, with at least one KEYS
// element (KEYS[1] .. ':jobs'): cluster-safe only when that element
// carries a {hash tag}.
func (o Origin) BuiltFromKeysAndLiterals() bool {
	return o.Kinds == OriginBuilt && o.Parts&OriginKeysElem != 0 &&
		o.PartsOnly(OriginKeysElem|OriginString|OriginNumber)
}

// IsLiteralOnly reports whether the value is certainly a string or number
// made of literals alone: a literal, or a string built only from literals
// ('a' .. 'b', string.format('%s', 'x'), table.concat({'a', 'b'}, ':'), a
// local bound to one), with no KEYS, ARGV, reply, counter or other part.
func (o Origin) IsLiteralOnly() bool {
	if !o.IsOnly(OriginString | OriginNumber | OriginBuilt) {
		return false
	}
	return o.Kinds&OriginBuilt == 0 ||
		o.Parts&(OriginString|OriginNumber) != 0 && o.PartsOnly(OriginString|OriginNumber)
}

// IsBuilt reports whether the value may be a string built from parts.
func (o Origin) IsBuilt() bool { return o.Kinds&OriginBuilt != 0 }

// IsUnknown reports whether the value may come from somewhere the analysis
// cannot see (a parameter, a global, an unmodelled call): rules stay silent
// on such values.
func (o Origin) IsUnknown() bool { return o.Kinds == 0 || o.Kinds&(OriginParam|OriginUnknown) != 0 }

// IsNumber reports whether the value is certainly a number (a numeric
// literal, arithmetic, or tonumber, which may also give nil).
func (o Origin) IsNumber() bool { return o.IsOnly(OriginNumber | OriginArith | OriginConverted) }

// ConstString returns the value when it is certainly one known string: a
// string literal, or a concatenation of literals.
func (o Origin) ConstString() (string, bool) {
	return o.str, o.constKind == constStr && o.Kinds == OriginString
}

// ConstNumber returns the value when it is certainly one numeric literal.
func (o Origin) ConstNumber() (float64, bool) {
	return o.num, o.constKind == constNum && o.Kinds == OriginNumber
}

// ReplyCommands returns the (upper-case) commands whose replies the value
// may come from, and whether that list is complete (false when some reply
// comes from a dynamic command name).
func (o Origin) ReplyCommands() (commands []string, complete bool) {
	return o.cmds(), !o.cmdUnknown
}

// cmds is the list of reply commands (nil when none).
func (o Origin) cmds() []string {
	if o.commands == nil {
		return nil
	}
	return *o.commands
}

// String describes the origin for debugging and tests:
// "built(parts=keys-elem|string)", "reply[GET]", "string=\"x\"".
func (o Origin) String() string {
	var b strings.Builder
	b.WriteString(o.Kinds.String())
	switch o.constKind {
	case constStr:
		b.WriteString("=" + strconv.Quote(o.str))
	case constNum:
		b.WriteString("=" + formatLuaNumber(o.num))
	}
	if o.Parts != 0 {
		b.WriteString("(parts=" + o.Parts.String() + ")")
	}
	if len(o.cmds()) > 0 || o.cmdUnknown {
		cmds := append([]string(nil), o.cmds()...)
		if o.cmdUnknown {
			cmds = append(cmds, "?")
		}
		b.WriteString("[" + strings.Join(cmds, ",") + "]")
	}
	return b.String()
}

// join returns the union of two origins.
func (o Origin) join(p Origin) Origin {
	if o.Kinds == 0 && o.Parts == 0 {
		return p
	}
	if p.Kinds == 0 && p.Parts == 0 {
		return o
	}
	r := Origin{Kinds: o.Kinds | p.Kinds, Parts: o.Parts | p.Parts, cmdUnknown: o.cmdUnknown || p.cmdUnknown}
	r.commands = mergeCmds(o.commands, p.commands)
	switch {
	case o.constKind == p.constKind && o.str == p.str && o.num == p.num:
		r.constKind, r.str, r.num = o.constKind, o.str, o.num
	case o.constKind == constNone && p.constKind == constNone:
	default:
		r.constKind = constConflict
	}
	return r
}

// equal reports whether two origins are the same (for the fixpoint).
func (o Origin) equal(p Origin) bool {
	if o.Kinds != p.Kinds || o.Parts != p.Parts || o.cmdUnknown != p.cmdUnknown ||
		o.constKind != p.constKind || o.str != p.str || o.num != p.num {
		return false
	}
	oc, pc := o.cmds(), p.cmds()
	if len(oc) != len(pc) {
		return false
	}
	for i := range oc {
		if oc[i] != pc[i] {
			return false
		}
	}
	return true
}

// mergeCmds is mergeSorted for Origin.commands: a list is shared
// unchanged when the other is empty.
func mergeCmds(a, b *[]string) *[]string {
	if b == nil || len(*b) == 0 {
		return a
	}
	if a == nil || len(*a) == 0 {
		return b
	}
	m := mergeSorted(*a, *b)
	return &m
}

func mergeSorted(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make([]string, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

func kindOrigin(k OriginKind) Origin { return Origin{Kinds: k} }

// derived returns a derived value of kind k computed from parts.
func derived(k OriginKind, parts ...Origin) Origin {
	r := Origin{Kinds: k}
	for _, p := range parts {
		addPart(&r, p)
	}
	return r
}

// addPart adds p to the parts of the derived value r: derived(k, a, b) is
// Origin{Kinds: k} with a then b added. Callers with a variable number of
// parts fold them in one by one with it rather than collecting them in a
// slice: an []Origin of a call's arguments was a heap allocation per
// evaluated call (Origin is too large for a small stack-allocated make).
//
// A function, not a method: Origin's methods take it by value.
func addPart(r *Origin, p Origin) {
	r.Parts |= p.Kinds | p.Parts
	r.cmdUnknown = r.cmdUnknown || p.cmdUnknown
	r.commands = mergeCmds(r.commands, p.commands)
}

// OriginInfo is the result of OriginsAnalysis. Its queries memoize, so it
// must not be used from several goroutines at once (the engine runs the
// rules of one file sequentially).
type OriginInfo struct {
	script *ScriptInfo
	calls  *CallInfo
	flow   *FlowInfo
	// vars holds the OfVar results by local ID (index.varIndex), filled by
	// solveVars; varFlags says which are set (varHave), and while
	// solveVars runs which are final (varFinal: their origin can no
	// longer change) and stable (varStable: it depends on no parameter
	// origin).
	vars     []Origin
	varFlags []uint8
	// varsDone is set once solveVars has finished (during the fixpoint
	// vars holds the current approximation); solving while it runs.
	varsDone bool
	solving  bool
	eval     bool // KEYS/ARGV exist (EVAL script)
	// uses memoizes atUse per variable and reading statement node, and
	// identUses its final results per identifier, as indexes into
	// useVals (small map values: an Origin is several words).
	uses      map[uint64]int32
	identUses map[*luaast.Ident]int32
	useVals   []useResult
	// nodeBase numbers the flow graphs' nodes densely for the keys of
	// uses (see useKey).
	nodeBase []int32
	// params holds the origins of the parameters of non-escaping helpers,
	// from their call sites (params.go); paramState says whether they are
	// solved; helperVars maps a function literal to its only local.
	params     map[*luaast.Variable]Origin
	paramState uint8
	helperVars map[*luaast.FunctionExpr]*luaast.Variable
	paramCalls map[*luaast.FunctionExpr][]*luaast.CallExpr
	// retFuncs maps a non-escaping helper's local to its function, callOf
	// a callee reference to its call, rets memoizes helper results
	// (returns.go).
	retFuncs map[*luaast.Variable]*luaast.FunctionExpr
	callOf   map[*luaast.Ident]*luaast.CallExpr
	rets     map[*luaast.FunctionExpr]retState
	// retStmts memoizes helperReturnStmts.
	retStmts map[*luaast.FunctionExpr][]*luaast.ReturnStmt
	// retsFlat memoizes helper results evaluated flow-insensitively, for
	// solveVars: cleared every round, apart from rets so that a partial
	// approximation never outlives the fixpoint.
	retsFlat map[*luaast.FunctionExpr]retState
	// solveDirty records, while solveVars runs, that the def being
	// evaluated read something that still may change.
	solveDirty bool
	// stable holds, by local ID where stableHave is set, final OfVar
	// origins that depend on no parameter origin (solveParamDep records
	// that the def being evaluated read one): they survive resetMemo.
	stable        []Origin
	stableHave    []bool
	solveParamDep bool
	// Buffers of vars and varFlags, reused by every run of solveVars.
	varsBuf  []Origin
	flagsBuf []uint8
	// argvState says whether the file has an ARGV table for the ARGV
	// screen (MayBeArgvElement), and argvVars holds the screen's state
	// and bits by local ID.
	argvState uint8
	argvVars  []uint8
	// sc is the memory the maps and slices above come from.
	sc *originsScratch
}

type useResult struct {
	origin     Origin
	inProgress bool
}

// useKey is the key of uses for local vid read at graph node number node of
// function fi (-1: no node): one uint64, whose map lookups are much
// cheaper than a struct's. The (function, node) pair is numbered densely:
// function fi's numbers start at nodeBase[fi], one per node and one for
// "no node" first; a node comes from flow.refOf for a statement of fi's
// own body, so it is one of fi's.
func (o *OriginInfo) useKey(vid int32, fi int, node int32) uint64 {
	if o.nodeBase == nil {
		gs := o.flow.graphs
		o.nodeBase = o.sc.nodeBase.take(len(gs))
		n := int32(0)
		for i, g := range gs {
			o.nodeBase[i] = n
			n += int32(len(g.nodes)) + 1
		}
	}
	return uint64(uint32(vid))<<32 | uint64(uint32(o.nodeBase[fi]+node+1))
}

// Of returns the origin of an expression's (first) value.
//
// A local read is resolved at the point of use: the origin is the union of
// the values that can reach that statement (through the function's control
// flow) from the local's declaration and assignments. When the local is
// assigned in another function than the one reading it (an upvalue), the
// union of all its values (OfVar) is used instead.
func (o *OriginInfo) Of(e luaast.Expr) Origin {
	o.ensureParams()
	return o.expr(e, 0, true)
}

// OfVar returns the origin of a local variable: the union of every value
// it is given.
func (o *OriginInfo) OfVar(v *luaast.Variable) Origin {
	if v == nil {
		return kindOrigin(OriginUnknown)
	}
	o.ensureParams()
	if !o.varsDone && o.vars == nil {
		o.solveVars()
	}
	id, ok := o.script.idx.varIndex(v)
	if !ok {
		return o.varBase(v)
	}
	fl := o.varFlags[id]
	if o.solving {
		if fl&varFinal == 0 {
			o.solveDirty = true
		} else if fl&varStable == 0 {
			o.solveParamDep = true
		}
	}
	if fl&varHave != 0 {
		return o.vars[id]
	}
	return o.varBase(v)
}

// NumberLike reports whether e's value is certainly a Lua number: a numeric
// literal, arithmetic, #x, math.*, tonumber(...) (which gives nil for bad
// input), a numeric for variable, or a local only ever bound to those.
func (o *OriginInfo) NumberLike(e luaast.Expr) bool { return o.Of(e).IsNumber() }

// maxOriginRounds bounds the fixpoint; the lattice is small, so real files
// converge in two or three rounds.
const maxOriginRounds = 32

func newOrigins(s *ScriptInfo, c *CallInfo, f *FlowInfo, sc *originsScratch) *OriginInfo {
	o := &sc.info
	*o = OriginInfo{script: s, calls: c, flow: f, eval: s.Kind == EvalScript, sc: sc}
	return o
}

// useSlot returns the index in useVals of the origin of local vid read at
// graph node number node of function fi (ok = false when there is none
// yet).
func (o *OriginInfo) useSlot(vid int32, fi int, node int32) (int32, bool) {
	i, ok := o.uses[o.useKey(vid, fi, node)]
	return i, ok
}

// setUseSlot records slot as the index in useVals of the origin of local
// vid read at graph node number node of function fi, which has none yet.
func (o *OriginInfo) setUseSlot(vid int32, fi int, node int32, slot int32) {
	if o.uses == nil {
		o.uses = o.sc.uses.get(16)
	}
	o.uses[o.useKey(vid, fi, node)] = slot
}

// identUse returns the index in useVals of the final origin of the read
// id (ok = false when none is known).
func (o *OriginInfo) identUse(id *luaast.Ident) (int32, bool) {
	i, ok := o.identUses[id]
	return i, ok
}

// solveVars computes every local's flow-insensitive origin (OfVar) as a
// least fixpoint. It runs on first need: Of only falls back to it for
// locals assigned from other functions and loop-carried self references.
func (o *OriginInfo) solveVars() {
	ix := o.script.idx
	n := len(ix.defVars)
	// The slices are reused across the runs of solveVars (one per round of
	// the parameter fixpoint): resetMemo drops them before a new run, and
	// origins are returned by value.
	if cap(o.varsBuf) < n {
		o.varsBuf = o.sc.vars.take(n)
		o.flagsBuf = o.sc.varFlags.take(n)
	}
	o.vars, o.varFlags = o.varsBuf[:n], o.flagsBuf[:n]
	clear(o.vars)
	clear(o.varFlags)
	// A local whose defs read no local that may still change (and call no
	// helper, whose flow-insensitive result is recomputed every round) has
	// its final origin after one evaluation: later rounds skip it. Without
	// this every round re-evaluated every def of the file, and the fixpoint
	// runs again for each round of the parameter fixpoint.
	//
	// A final origin that depends on no parameter origin either is kept
	// in stable across the runs of solveVars (one per round of the
	// parameter fixpoint, which only changes parameter origins). Skipping
	// cannot change the result: a final local's defs would give the same
	// origin again, and the least fixpoint does not depend on the order
	// the locals are evaluated in.
	o.solving = true
	defer func() { o.solving = false }()
	if o.stable == nil {
		// Zeroed: release clears the scratch's buffers.
		o.stable = o.sc.stable.take(n)
		o.stableHave = o.sc.stableHave.take(n)
	}
	pending := o.sc.pending.take(n)[:0]
	for id := range int32(n) {
		if o.stableHave[id] {
			o.vars[id] = o.stable[id]
			o.varFlags[id] = varHave | varFinal | varStable
		} else {
			pending = append(pending, id)
		}
	}
	for range maxOriginRounds {
		clear(o.retsFlat)
		changed := false
		next := pending[:0]
		for _, id := range pending {
			ds := ix.defs[id]
			o.solveDirty, o.solveParamDep = false, false
			r := o.varBase(ix.defVars[id])
			for i := range ds {
				r = r.join(o.defOrigin(&ds[i], false))
			}
			if !o.solveDirty {
				o.varFlags[id] |= varFinal
				if !o.solveParamDep {
					o.varFlags[id] |= varStable
					o.stable[id], o.stableHave[id] = r, true
				}
			} else {
				next = append(next, id)
			}
			if o.varFlags[id]&varHave == 0 || !o.vars[id].equal(r) {
				o.vars[id] = r
				o.varFlags[id] |= varHave
				changed = true
			}
		}
		pending = next
		if !changed {
			break
		}
	}
	o.varsDone = true
}

// Bits of OriginInfo.varFlags.
const (
	varHave uint8 = 1 << iota
	varFinal
	varStable
)

// atUse is the origin of a local where id reads it: the union of the defs
// reaching the reading statement, each evaluated where it is made. When
// that cannot be told (the local is assigned in several functions, or the
// statement is unknown) every def counts; when a def refers back to itself
// through a loop, the flow-insensitive OfVar stands in for it.
func (o *OriginInfo) atUse(id *luaast.Ident) Origin {
	// Rules query nested expressions (an operand, then the expression
	// holding it), so the same reads are resolved again and again: the
	// per-identifier memo skips finding the reading statement. It holds
	// only final results (copies of uses entries), so it answers exactly
	// as a new resolution would.
	if i, ok := o.identUse(id); ok {
		return o.useVals[i].origin
	}
	v := id.Var
	ix := o.script.idx
	vid, ok := ix.varIndex(v)
	if !ok || len(ix.defs[vid]) == 0 {
		return o.varBase(v)
	}
	ds := ix.defs[vid]
	fi := ix.enclosing(id.Pos())
	var ref stmtRef
	haveRef := false
	node := int32(-1)
	if st, si := ix.stmtAtPos(fi, id.Pos()); st != nil {
		ref, haveRef = o.flow.refAt(si, st)
		if haveRef {
			node = ref.node
		}
	}
	if i, ok := o.useSlot(vid, fi, node); ok {
		if o.useVals[i].inProgress {
			return o.OfVar(v)
		}
		o.rememberUse(id, i)
		return o.useVals[i].origin
	}
	// The evaluation below may append to useVals: keep the index.
	if o.useVals == nil {
		o.useVals = o.sc.useVals.get(16)
	}
	slot := int32(len(o.useVals))
	o.useVals = append(o.useVals, useResult{inProgress: true})
	o.setUseSlot(vid, fi, node, slot)

	// Most locals have a few defs: the buffers stay on the stack.
	var selBuf [8]bool
	var nodeBuf [8]int32
	selected := selBuf[:0]
	if len(ds) > len(selBuf) {
		selected = make([]bool, 0, len(ds))
	}
	selected = selected[:len(ds)]
	withBase := true
	sameFn := haveRef && len(ds) > 1
	for i := range ds {
		if int(ds[i].inFn) != fi {
			sameFn = false
		}
	}
	if sameFn {
		defNodes := nodeBuf[:0]
		for i := range ds {
			dr, ok := o.flow.refOf(ds[i].stmt)
			if !ok {
				sameFn = false
				break
			}
			defNodes = append(defNodes, dr.node)
		}
		if sameFn {
			withBase = o.flow.reachingDefs(ref.fn, ref.node, defNodes, selected)
		}
	}
	if !sameFn {
		for i := range selected {
			selected[i] = true
		}
	}
	var r Origin
	if withBase {
		r = o.varBase(v)
	}
	for i := range ds {
		if selected[i] {
			r = r.join(o.defOrigin(&ds[i], true))
		}
	}
	if r.Kinds == 0 {
		r = o.OfVar(v)
	}
	o.useVals[slot] = useResult{origin: r}
	o.rememberUse(id, slot)
	return r
}

// rememberUse records that the read id has the final origin useVals[i].
func (o *OriginInfo) rememberUse(id *luaast.Ident, i int32) {
	if o.identUses == nil {
		o.identUses = o.sc.identUses.get(16)
	}
	o.identUses[id] = i
}

// varBase is the origin a variable has before any def: its parameter
// value.
func (o *OriginInfo) varBase(v *luaast.Variable) Origin {
	switch v.Kind {
	case luaast.VarParam:
		o.solveParamDep = true
		keys, args := o.script.IsCallbackParam(v)
		switch {
		case keys && args:
			return kindOrigin(OriginKeysTable | OriginArgvTable)
		case keys:
			return kindOrigin(OriginKeysTable)
		case args:
			return kindOrigin(OriginArgvTable)
		}
		if r, ok := o.paramOrigin(v); ok {
			return r
		}
		return kindOrigin(OriginParam)
	case luaast.VarSelf:
		return kindOrigin(OriginParam)
	case luaast.VarArg:
		// Lua 5.1's implicit "arg" of a vararg function holds the
		// caller's extra arguments (nil when the body uses "..."): as
		// unknown as a parameter.
		return kindOrigin(OriginParam)
	}
	return Origin{}
}

func (o *OriginInfo) defOrigin(d *def, use bool) Origin {
	switch d.kind {
	case defLocalFunc:
		return kindOrigin(OriginFunction)
	case defForNum:
		return kindOrigin(OriginArith)
	case defForIn:
		return o.forInOrigin(d.forIn(), int(d.i), use)
	}
	return o.listValue(d.exprs(), int(d.i), use)
}

// listValue is the origin of value i of an expression list as Lua adjusts
// it (the last expression may expand to several values; missing values are
// nil).
func (o *OriginInfo) listValue(exprs []luaast.Expr, i int, use bool) Origin {
	n := len(exprs)
	if n == 0 {
		return kindOrigin(OriginNil)
	}
	if i < n-1 {
		return o.expr(exprs[i], 0, use)
	}
	last := exprs[n-1]
	if i == n-1 {
		return o.expr(last, 0, use)
	}
	if !o.script.idx.mayExpand(last) {
		return kindOrigin(OriginNil)
	}
	return o.extraValue(last, i-(n-1), use)
}

// extraValue is the origin of value k ≥ 1 of a multi-value expression.
func (o *OriginInfo) extraValue(e luaast.Expr, k int, use bool) Origin {
	switch x := e.(type) {
	case *luaast.VarargExpr:
		return kindOrigin(OriginUnknown)
	case *luaast.CallExpr:
		if rc := o.calls.Of(x); rc != nil {
			if rc.Wrapped && k == 1 {
				return o.replyOrigin(rc).join(kindOrigin(OriginBuilt))
			}
			return kindOrigin(OriginNil)
		}
		switch o.calls.Callee(x) {
		case "unpack":
			if len(x.Args) > 0 {
				return elementOf(o.expr(x.Args[0], 0, use))
			}
		case "string.match", "string.gmatch":
			return o.expr(x, 0, use)
		}
	}
	return kindOrigin(OriginUnknown)
}

// forInOrigin is the origin of name i of a generic for loop.
func (o *OriginInfo) forInOrigin(s *luaast.GenericForStmt, i int, use bool) Origin {
	if len(s.Exprs) == 0 {
		return kindOrigin(OriginUnknown)
	}
	call, ok := s.Exprs[0].(*luaast.CallExpr)
	if !ok {
		return kindOrigin(OriginUnknown)
	}
	callee := o.calls.Callee(call)
	switch callee {
	case "ipairs", "pairs":
		if len(call.Args) == 0 {
			return kindOrigin(OriginUnknown)
		}
		t := o.expr(call.Args[0], 0, use)
		switch i {
		case 0:
			if callee == "ipairs" || t.IsOnly(OriginKeysTable|OriginArgvTable) {
				return kindOrigin(OriginArith)
			}
			return keyOf(t)
		case 1:
			return elementOf(t)
		}
		return kindOrigin(OriginNil)
	case "string.gmatch":
		return o.stringFunc(call.Args, 0, use)
	}
	return kindOrigin(OriginUnknown)
}

// elementOf is the origin of t[k] for a table whose origin is t.
//
// It sets the fields directly rather than joining one origin per kind:
// the joins are what this computes (the kinds and parts are or-ed, the
// reply commands are t's), and elementOf runs for every KEYS[i], ARGV[i]
// and reply[i] read. TestElementOfMatchesJoins checks it against them.
func elementOf(t Origin) Origin {
	var r Origin
	if t.Kinds&OriginKeysTable != 0 {
		r.Kinds |= OriginKeysElem
	}
	if t.Kinds&OriginArgvTable != 0 {
		r.Kinds |= OriginArgvElem
	}
	if t.Kinds&(OriginReply|OriginReplyElem) != 0 {
		r.Kinds |= OriginReplyElem
		r.commands, r.cmdUnknown = t.commands, t.cmdUnknown
	}
	if t.Kinds&OriginDecoded != 0 {
		r.Kinds |= OriginDecoded
		r.Parts = t.Parts
	}
	if t.Kinds&^(OriginKeysTable|OriginArgvTable|OriginReply|OriginReplyElem|OriginDecoded) != 0 {
		r.Kinds |= OriginUnknown
	}
	return r
}

// keyOf is the origin of the key variable of pairs(t).
func keyOf(t Origin) Origin {
	if t.Kinds&OriginDecoded != 0 && t.Kinds&^OriginDecoded == 0 {
		return Origin{Kinds: OriginDecoded, Parts: t.Parts}
	}
	return kindOrigin(OriginUnknown)
}

func (o *OriginInfo) replyOrigin(rc *RedisCall) Origin {
	r := Origin{Kinds: OriginReply}
	if rc.NameKnown {
		r.commands = &rc.replyCmds
	} else {
		r.cmdUnknown = true
	}
	return r
}

// truthy removes the kinds that are certainly falsy.
func truthy(o Origin) Origin {
	o.Kinds &^= OriginNil
	if o.Kinds == 0 {
		return Origin{}
	}
	return o
}

// falsy keeps what may be nil or false (kinds that are never falsy go).
func falsy(o Origin) Origin {
	k := o.Kinds &^ originTruthy
	if k == 0 {
		return Origin{}
	}
	r := Origin{Kinds: k, commands: o.commands, cmdUnknown: o.cmdUnknown}
	if k&originDerived != 0 {
		r.Parts = o.Parts
	}
	if k == OriginNil || k == OriginBool {
		r.commands, r.cmdUnknown = nil, false
	}
	return r
}

func (o *OriginInfo) expr(e luaast.Expr, depth int, use bool) Origin {
	if depth > 200 {
		return kindOrigin(OriginUnknown)
	}
	depth++
	switch x := e.(type) {
	case nil:
		return kindOrigin(OriginNil)
	case *luaast.NilLit:
		return kindOrigin(OriginNil)
	case *luaast.TrueLit, *luaast.FalseLit:
		return kindOrigin(OriginBool)
	case *luaast.NumberLit:
		return Origin{Kinds: OriginNumber, constKind: constNum, num: x.Value}
	case *luaast.StringLit:
		return Origin{Kinds: OriginString, constKind: constStr, str: x.Value}
	case *luaast.VarargExpr:
		return kindOrigin(OriginUnknown)
	case *luaast.FunctionExpr:
		return kindOrigin(OriginFunction)
	case *luaast.TableExpr:
		return kindOrigin(OriginTable)
	case *luaast.ParenExpr:
		return o.expr(x.X, depth, use)
	case *luaast.Ident:
		if x.Var == nil {
			if o.eval {
				switch x.Name {
				case "KEYS":
					return kindOrigin(OriginKeysTable)
				case "ARGV":
					return kindOrigin(OriginArgvTable)
				}
			}
			return kindOrigin(OriginUnknown)
		}
		if use {
			return o.atUse(x)
		}
		return o.OfVar(x.Var)
	case *luaast.IndexExpr:
		return elementOf(o.expr(x.X, depth, use))
	case *luaast.FieldExpr:
		if p := o.script.GlobalPath(x); p != "" {
			switch p {
			case "math.huge", "math.pi":
				return kindOrigin(OriginArith)
			}
			return kindOrigin(OriginUnknown)
		}
		t := o.expr(x.X, depth, use)
		if t.Kinds&(OriginKeysTable|OriginArgvTable) != 0 {
			// KEYS.n and the like: not an element.
			return kindOrigin(OriginUnknown)
		}
		return elementOf(t)
	case *luaast.CallExpr:
		return o.call(x, depth, use)
	case *luaast.MethodCallExpr:
		if isStringMethod(x.Method.Name) {
			// Most method calls have a few arguments: the list stays on
			// the stack.
			var buf [6]luaast.Expr
			args := append(buf[:0], x.Recv)
			args = append(args, x.Args...)
			return o.stringLib(x.Method.Name, args, depth, use)
		}
		return kindOrigin(OriginUnknown)
	case *luaast.UnaryExpr:
		switch x.Op {
		case luaast.OpNot:
			return kindOrigin(OriginBool)
		case luaast.OpNeg:
			if n, ok := x.X.(*luaast.NumberLit); ok {
				return Origin{Kinds: OriginNumber, constKind: constNum, num: -n.Value}
			}
		}
		return derived(OriginArith, o.expr(x.X, depth, use))
	case *luaast.BinaryExpr:
		return o.binary(x, depth, use)
	}
	return kindOrigin(OriginUnknown)
}

func (o *OriginInfo) binary(x *luaast.BinaryExpr, depth int, use bool) Origin {
	switch x.Op {
	case luaast.OpConcat:
		l, r := o.operand(o.expr(x.X, depth, use)), o.operand(o.expr(x.Y, depth, use))
		if ls, ok := constText(l); ok {
			if rs, ok := constText(r); ok {
				return Origin{Kinds: OriginString, constKind: constStr, str: ls + rs}
			}
		}
		return derived(OriginBuilt, l, r)
	case luaast.OpEq, luaast.OpNe, luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
		return kindOrigin(OriginBool)
	case luaast.OpAnd:
		return o.expr(x.Y, depth, use).join(falsy(o.expr(x.X, depth, use)))
	case luaast.OpOr:
		// "c and A or B" with A never falsy is a conditional: A or B.
		// Each operand is evaluated once, so nested and/or chains stay linear.
		if and, ok := luaast.Unparen(x.X).(*luaast.BinaryExpr); ok && and.Op == luaast.OpAnd {
			a := o.expr(and.Y, depth, use)
			if a.IsOnly(originTruthy) {
				return a.join(o.expr(x.Y, depth, use))
			}
			left := a.join(falsy(o.expr(and.X, depth, use)))
			return truthy(left).join(o.expr(x.Y, depth, use))
		}
		return truthy(o.expr(x.X, depth, use)).join(o.expr(x.Y, depth, use))
	}
	return derived(OriginArith, o.expr(x.X, depth, use), o.expr(x.Y, depth, use))
}

// operand is the origin p of a part of a built value as the part counts:
// a part of which nothing is known (the zero Origin) is unknown, so a
// value is built from literals only when every part is a literal. While
// a fixpoint runs (the parameters', or the flow-insensitive one of the
// locals), the zero Origin is a value not solved yet and stays as it is
// (the next round has it).
func (o *OriginInfo) operand(p Origin) Origin {
	if p.Kinds == 0 && !o.solving && o.paramState == paramsSolved {
		return kindOrigin(OriginUnknown)
	}
	return p
}

// constText returns the text a constant contributes to a concatenation.
func constText(o Origin) (string, bool) {
	if s, ok := o.ConstString(); ok {
		return s, true
	}
	if n, ok := o.ConstNumber(); ok {
		return formatLuaNumber(n), true
	}
	return "", false
}

// formatLuaNumber formats a number as Lua 5.1's tostring does ("%.14g").
func formatLuaNumber(f float64) string {
	if f == float64(int64(f)) && f > -1e15 && f < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	s := strconv.FormatFloat(f, 'g', 14, 64)
	if strings.ContainsAny(s, ".") && !strings.ContainsAny(s, "e") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func (o *OriginInfo) call(x *luaast.CallExpr, depth int, use bool) Origin {
	// One lookup gives both the command call and the callee (Of, Callee).
	var callee string
	if site := o.calls.site(x); site != nil {
		if rc := site.rc; rc != nil {
			if rc.Wrapped {
				return kindOrigin(OriginBool)
			}
			return o.replyOrigin(rc)
		}
		callee = site.Callee
	}
	if callee == "" {
		if r, ok := o.helperResult(x, depth, use); ok {
			return r
		}
		return kindOrigin(OriginUnknown)
	}
	arg := func(i int) Origin {
		if i < len(x.Args) {
			return o.expr(x.Args[i], depth, use)
		}
		return kindOrigin(OriginNil)
	}
	if lib, ok := strings.CutPrefix(callee, "string."); ok {
		return o.stringLib(lib, x.Args, depth, use)
	}
	if strings.HasPrefix(callee, "math.") {
		return o.derivedArgs(OriginArith, x.Args, depth, use)
	}
	switch callee {
	case "tonumber":
		return derived(OriginConverted, arg(0))
	case "tostring":
		a := arg(0)
		if s, ok := constText(a); ok {
			return Origin{Kinds: OriginString, constKind: constStr, str: s}
		}
		// tostring never gives nil: of anything but a string (a number,
		// a boolean, nil, a reply that may be false or a table...) it
		// builds a new string from its argument.
		if a.Kinds&^(OriginKeysElem|OriginArgvElem|OriginString|OriginBuilt) != 0 {
			return derived(OriginBuilt, a)
		}
		return a
	case "table.concat":
		// table.concat({'job', ARGV[1]}, ':'): the constructor's values are
		// the parts; any other table contributes its element origin.
		if len(x.Args) > 0 {
			if t, ok := luaast.Unparen(x.Args[0]).(*luaast.TableExpr); ok {
				r := Origin{Kinds: OriginBuilt}
				if len(x.Args) > 1 {
					addPart(&r, arg(1))
				}
				for _, f := range t.Fields {
					if f.Kind == luaast.FieldPositional {
						addPart(&r, o.operand(o.expr(f.Value, depth, use)))
					}
				}
				return r
			}
		}
		return derived(OriginBuilt, elementOf(arg(0)), arg(1))
	case "table.getn":
		return derived(OriginArith, arg(0))
	case "select":
		if s, ok := arg(0).ConstString(); ok && s == "#" {
			return kindOrigin(OriginArith)
		}
		return kindOrigin(OriginUnknown)
	case "type":
		return kindOrigin(OriginBuilt)
	case "redis.sha1hex", "server.sha1hex", "cjson.encode", "cmsgpack.pack", "struct.pack":
		// An encoding of a table written in place is made of its values
		// (cmsgpack.pack({owner, ARGV[2]})), not of an opaque table.
		r := Origin{Kinds: OriginBuilt}
		for _, a := range x.Args {
			if t, ok := luaast.Unparen(a).(*luaast.TableExpr); ok {
				for _, f := range t.Fields {
					addPart(&r, o.expr(f.Value, depth, use))
				}
				continue
			}
			addPart(&r, o.expr(a, depth, use))
		}
		return r
	case "cjson.decode", "cmsgpack.unpack", "struct.unpack":
		return derived(OriginDecoded, arg(0))
	case "unpack":
		return elementOf(arg(0))
	case "pcall", "xpcall", "rawequal":
		return kindOrigin(OriginBool)
	case "redis.error_reply", "redis.status_reply", "server.error_reply", "server.status_reply":
		return kindOrigin(OriginTable)
	case "rawget":
		return elementOf(arg(0))
	case "table.remove":
		// table.remove(ARGV, 1) takes an element out of the table and
		// returns it (scripts that shift their arguments one by one).
		return elementOf(arg(0))
	case "bit.band", "bit.bor", "bit.bxor", "bit.bnot", "bit.lshift", "bit.rshift", "bit.arshift", "bit.rol", "bit.ror", "bit.tobit":
		return derived(OriginArith, arg(0), arg(1))
	case "bit.tohex":
		return derived(OriginBuilt, arg(0))
	}
	return kindOrigin(OriginUnknown)
}

// isStringMethod reports whether s:name() is a string library call.
func isStringMethod(name string) bool {
	switch name {
	case "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper":
		return true
	}
	return false
}

// stringLib is the origin of string.<name>(args...).
func (o *OriginInfo) stringLib(name string, args []luaast.Expr, depth int, use bool) Origin {
	switch name {
	case "len", "byte", "find":
		return o.derivedArgs(OriginArith, args, depth, use)
	case "format":
		if r, ok := o.foldFormat(args, depth, use); ok {
			return r
		}
		return o.stringFunc(args, depth, use)
	case "char", "gmatch", "gsub", "lower", "match", "rep", "reverse", "sub", "upper":
		return o.stringFunc(args, depth, use)
	}
	return kindOrigin(OriginUnknown)
}

// stringFunc is a string computed from args.
func (o *OriginInfo) stringFunc(args []luaast.Expr, depth int, use bool) Origin {
	return o.derivedArgs(OriginBuilt, args, depth, use)
}

// derivedArgs is derived(k, origins of args...), without collecting the
// origins in a slice (see addPart).
func (o *OriginInfo) derivedArgs(k OriginKind, args []luaast.Expr, depth int, use bool) Origin {
	r := Origin{Kinds: k}
	for _, a := range args {
		addPart(&r, o.operand(o.expr(a, depth, use)))
	}
	return r
}

// foldFormat computes string.format(args...) when the format and every
// argument are constants and the format only uses %s, %d and %%: the key
// string.format('%s:%d', 'job', 1) is the literal "job:1".
func (o *OriginInfo) foldFormat(args []luaast.Expr, depth int, use bool) (Origin, bool) {
	if len(args) == 0 {
		return Origin{}, false
	}
	f, ok := o.expr(args[0], depth, use).ConstString()
	if !ok {
		return Origin{}, false
	}
	var b strings.Builder
	next := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		i++
		if i == len(f) {
			return Origin{}, false
		}
		switch f[i] {
		case '%':
			b.WriteByte('%')
			continue
		case 's', 'd':
		default:
			return Origin{}, false
		}
		if next >= len(args) {
			return Origin{}, false
		}
		a := o.expr(args[next], depth, use)
		next++
		if f[i] == 'd' {
			n, ok := a.ConstNumber()
			if !ok || n != float64(int64(n)) {
				return Origin{}, false
			}
			b.WriteString(strconv.FormatInt(int64(n), 10))
			continue
		}
		t, ok := constText(a)
		if !ok {
			return Origin{}, false
		}
		b.WriteString(t)
	}
	return Origin{Kinds: OriginString, constKind: constStr, str: b.String()}, true
}

// The ARGV screen: a cheap, flow-insensitive over-approximation of where
// the ARGV table and its elements can flow, so that a rule asking "may this
// be an ARGV element?" of every operand in the file (argv-tonumber) only
// pays for a full evaluation (Of) where the answer may be yes. Of resolves
// each local read through the reaching definitions and every expression
// they hold; the screen gives a local the union of all its values, as two
// bits, computed on demand (most operands are literals or arithmetic and
// read no local) and memoized. Where that recursion meets a local whose
// bits it is computing (x = x or ARGV[1]), or runs too deep, it answers
// "may be anything": less precise, never wrong.
// TestArgvScreenOracle checks it against Of.

// Bits of the ARGV screen: what a value may directly be.
const (
	argvMayTable uint8 = 1 << iota // the ARGV table, or a callback's args
	argvMayElem                    // an element of one of those
	argvMayAny         = argvMayTable | argvMayElem

	// States of a local in OriginInfo.argvVars, with its bits when done.
	argvBusy uint8 = 1 << 6 // being computed
	argvDone uint8 = 1 << 7 // computed
)

// States of OriginInfo.argvState.
const (
	argvUnknown uint8 = iota // not looked at yet
	argvAbsent               // the file has no ARGV table at all
	argvPresent              // it has one
)

// maxArgvDepth bounds the screen's recursion through expressions and
// locals, like expr's depth limit.
const maxArgvDepth = 200

// MayBeArgvElement reports whether the value of e may be an ARGV element
// (or an element of a callback's args): false means Of(e) certainly has
// no OriginArgvElem in its Kinds; true means it may, and only Of can tell.
func (o *OriginInfo) MayBeArgvElement(e luaast.Expr) bool {
	return o.HasArgvTable() && o.argvBits(e, 0)&argvMayElem != 0
}

// HasArgvTable reports whether any value of the file may be the ARGV
// table or one of its elements (OriginArgvTable, OriginArgvElem): false
// when the EVAL script never reads ARGV, or no library callback has an
// args parameter.
func (o *OriginInfo) HasArgvTable() bool {
	if o.argvState == argvUnknown {
		o.argvState = argvAbsent
		if o.hasArgvTable() {
			o.argvState = argvPresent
		}
	}
	return o.argvState != argvAbsent
}

// hasArgvTable reports whether the file can see an ARGV table: an EVAL
// script that reads the global ARGV, or a library callback with an args
// parameter. Every OriginArgvTable (and so every OriginArgvElem) of Of
// starts at one of those.
func (o *OriginInfo) hasArgvTable() bool {
	if o.eval {
		for _, id := range o.script.idx.file.Globals {
			if id.Name == "ARGV" {
				return true
			}
		}
		return false
	}
	for _, r := range o.script.Registrations {
		if r.Args != nil {
			return true
		}
	}
	return false
}

// argvBase is the screen's varBase: a callback's args parameter is the
// ARGV table; any other parameter may be anything its callers pass (the
// file has an ARGV table, or the screen would not be asked).
func (o *OriginInfo) argvBase(v *luaast.Variable) uint8 {
	if v.Kind != luaast.VarParam {
		return 0
	}
	switch keys, args := o.script.IsCallbackParam(v); {
	case args:
		return argvMayTable
	case keys:
		return 0
	}
	return argvMayAny
}

// argvVar is the screen's bits of local v: its base value and all its
// defs, wherever they are (a superset of what reaches any read).
func (o *OriginInfo) argvVar(v *luaast.Variable, depth int) uint8 {
	ix := o.script.idx
	id, ok := ix.varIndex(v)
	if !ok {
		return o.argvBase(v)
	}
	if o.argvVars == nil {
		o.argvVars = o.sc.argvVars.take(len(ix.defVars))
	}
	switch st := o.argvVars[id]; {
	case st&argvDone != 0:
		return st &^ argvDone
	case st&argvBusy != 0:
		return argvMayAny // a cycle through this local
	}
	o.argvVars[id] = argvBusy
	b := o.argvBase(v)
	ds := ix.defs[id]
	for i := 0; i < len(ds) && b != argvMayAny; i++ {
		b |= o.argvDefBits(&ds[i], depth)
	}
	o.argvVars[id] = argvDone | b
	return b
}

// argvDefBits is the screen's defOrigin.
func (o *OriginInfo) argvDefBits(d *def, depth int) uint8 {
	switch d.kind {
	case defLocalFunc, defForNum:
		return 0
	case defForIn:
		// forInOrigin: only the value variable of ipairs/pairs over the
		// table can be one of its elements.
		s := d.forIn()
		if d.i != 1 || len(s.Exprs) == 0 {
			return 0
		}
		call, ok := s.Exprs[0].(*luaast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return 0
		}
		switch o.calls.Callee(call) {
		case "ipairs", "pairs":
			return argvElemOf(o.argvBits(call.Args[0], depth))
		}
		return 0
	}
	exprs := d.exprs()
	i, n := int(d.i), len(exprs)
	switch {
	case n == 0:
		return 0
	case i < n:
		return o.argvBits(exprs[i], depth)
	}
	// An extra value of the last expression (extraValue): only unpack
	// gives elements of a table.
	if x, ok := exprs[n-1].(*luaast.CallExpr); ok && len(x.Args) > 0 && o.calls.Callee(x) == "unpack" {
		return argvElemOf(o.argvBits(x.Args[0], depth))
	}
	return 0
}

// argvElemOf is the screen's elementOf.
func argvElemOf(t uint8) uint8 {
	if t&argvMayTable != 0 {
		return argvMayElem
	}
	return 0
}

// argvBits is the screen's expr: the bits of what e's value may directly
// be, a superset of what Of says (locals count with all their values).
func (o *OriginInfo) argvBits(e luaast.Expr, depth int) uint8 {
	if depth > maxArgvDepth {
		return argvMayAny
	}
	depth++
	switch x := e.(type) {
	case *luaast.ParenExpr:
		return o.argvBits(x.X, depth)
	case *luaast.Ident:
		if x.Var == nil {
			if o.eval && x.Name == "ARGV" {
				return argvMayTable
			}
			return 0
		}
		return o.argvVar(x.Var, depth)
	case *luaast.IndexExpr:
		return argvElemOf(o.argvBits(x.X, depth))
	case *luaast.CallExpr:
		site := o.calls.site(x)
		if site == nil {
			return argvMayAny // a local helper's result (helperResult)
		}
		if site.rc != nil {
			return 0 // a reply, or pcall's status
		}
		switch site.Callee {
		case "":
			return argvMayAny
		case "unpack", "rawget", "table.remove":
			if len(x.Args) > 0 {
				return argvElemOf(o.argvBits(x.Args[0], depth))
			}
		case "tostring":
			// An element passes through tostring unchanged; the table
			// gives a built string.
			if len(x.Args) > 0 {
				return o.argvBits(x.Args[0], depth) & argvMayElem
			}
		}
		return 0
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpAnd:
			// falsy(X) drops the table and its elements, never false.
			return o.argvBits(x.Y, depth)
		case luaast.OpOr:
			return o.argvBits(x.X, depth) | o.argvBits(x.Y, depth)
		}
		return 0
	}
	// Literals, constructors, functions, varargs, fields (KEYS.n is no
	// element, a field of anything else is none of ARGV's), method calls,
	// unary operators: never the table or an element.
	return 0
}

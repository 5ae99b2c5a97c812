package analyzer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// The tails of the messages of keys built from a prefix passed in ARGV,
// plain or packed in an encoded ARGV element: the markers of the rule's
// idioms too.
const (
	ArgvPrefixTail   = " (or set allow-prefix-from-argv: true if ARGV carries a hash-tagged key prefix on purpose)"
	PackedPrefixTail = " (or set allow-prefix-from-argv: true if the encoded ARGV element carries a hash-tagged key prefix on purpose)"
)

// keyProblem classifies where a computed key comes from, most serious
// first.
type keyProblem int

// isDerived reports whether a key problem is derived-key's: a KEYS
// element plus literal text, or wrapped in a hash tag by the script; both
// stay in the element's slot when it carries (or, wrapped, holds no) tag.
func isDerived(p keyProblem) bool {
	return p == keyBuiltKeys || p == keyTaggedKeys || p == keyArgvPrefixMade
}

// opaqueParts are parts whose content the rule cannot tell apart from a
// key the caller passed: a built key made of them is not reported.
const opaqueParts = OriginParam | OriginUnknown | OriginBool | OriginNil |
	OriginTable | OriginFunction | OriginKeysTable | OriginArgvTable

// classifyKey decides whether a key argument of origin o is computed in the
// script, and from what. prefix is the origin of the key's leftmost part
// (see keyPrefix): a hash-tagged prefix decides the slot whatever follows,
// which is what the allow-prefix options accept.
func classifyKey(o, prefix Origin, allowKeys, allowArgv bool) (problem keyProblem, argvPrefix bool) {
	if o.IsUnknown() {
		return keyFine, false
	}
	switch {
	case o.Is(OriginReply | OriginReplyElem):
		return keyRawReply, false
	case o.Is(OriginDecoded):
		return keyRawDecoded, false
	case o.Is(OriginArgvElem):
		return keyRawArgv, false
	}
	if !o.Is(OriginBuilt | OriginConverted | OriginArith) {
		return keyFine, false // KEYS elements, literals (hardcoded-key), invalid values (invalid-argument)
	}
	if o.IsLiteralOnly() {
		return keyFine, false // built from literals alone: a fixed key, hardcoded-key reports it
	}
	if prefix.Kinds != 0 && prefix.IsUnknown() {
		// The leftmost part is a parameter (a helper's prefix argument,
		// often KEYS[1] at the call site) or an unmodelled value: it may
		// carry the {hash tag} that decides the slot, whatever follows.
		return keyFine, false
	}
	switch {
	case prefix.IsOnlyKeysElement():
		if allowKeys {
			return keyFine, false
		}
		return keyBuiltKeys, false
	case prefix.IsOnlyArgvElement():
		if allowArgv {
			return keyFine, false
		}
		return keyBuiltArgv, true
	case packedInArgv(prefix):
		// The prefix travels in ARGV inside an encoded argument
		// (cmsgpack.unpack(ARGV[1])[1], as BullMQ sends it): still a
		// prefix passed in ARGV.
		if allowArgv {
			return keyFine, false
		}
		return keyBuiltDecoded, true
	}
	p := o.Parts
	switch {
	case p&(OriginReply|OriginReplyElem) != 0:
		return keyBuiltReply, false
	case p&OriginDecoded != 0:
		return keyBuiltDecoded, false
	case p&OriginArgvElem != 0:
		return keyBuiltArgv, false
	case p&opaqueParts != 0:
		return keyFine, false
	case p&OriginKeysElem != 0:
		if allowKeys {
			return keyFine, false
		}
		return keyBuiltKeys, false
	}
	return keyBuiltConst, false
}

// isKeysElement reports whether e is KEYS[i], the way keys should come:
// an element of KEYS (in a library, where KEYS is not set, an unknown
// value), never reported (TestKeysElementIsFine). Most keys are written
// so: they need no evaluation.
func isKeysElement(e luaast.Expr) bool {
	ix, ok := e.(*luaast.IndexExpr)
	if !ok {
		return false
	}
	id, ok := ix.X.(*luaast.Ident)
	return ok && id.Var == nil && id.Name == "KEYS"
}

// keyMayBeBuilt reports whether classifyKey looks at the prefix of a key
// of origin o: it decides the raw values, and values that are no built
// string, from o alone.
func keyMayBeBuilt(o Origin) bool {
	return !o.IsUnknown() &&
		!o.Is(OriginReply|OriginReplyElem|OriginDecoded|OriginArgvElem) &&
		o.Is(OriginBuilt|OriginConverted|OriginArith) &&
		!o.IsLiteralOnly()
}

// packedInArgv reports whether o is a value decoded from ARGV alone: a
// field or element of cjson.decode / cmsgpack.unpack of ARGV elements.
func packedInArgv(o Origin) bool {
	return o.Kinds == OriginDecoded && o.Parts&OriginArgvElem != 0 &&
		o.PartsOnly(OriginArgvElem|OriginArgvTable)
}

// keyPrefix returns the origin of the leftmost part of a built key: the
// left operand of a concatenation, the value formatted first by a format
// starting with "%s", followed through locals bound once and through
// locals assigned several built values (`k = prefix .. a` on one path,
// `k = prefix .. b` on another: the union of their prefixes); the zero
// Origin when e is not built that way.
func keyPrefix(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, vals *assignedValues, e luaast.Expr) Origin {
	o, built := prefixOf(info, calls, origins, vals, e, 0, nil)
	if !built {
		return Origin{}
	}
	return o
}

// prefixOf is keyPrefix's walk. visiting holds the locals whose values
// are being followed: a local built from itself (`k = k .. x`) has no
// prefix to find, and following it again would not terminate.
func prefixOf(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, vals *assignedValues, e luaast.Expr, depth int, visiting map[*luaast.Variable]bool) (Origin, bool) {
	built := false
	for ; depth < 32; depth++ {
		switch x := luaast.Unparen(e).(type) {
		case *luaast.Ident:
			if b := info.BoundOnce(x.Var); b != nil {
				e = b
				continue
			}
			if r, done := vals.prefix[x.Var]; done {
				if !r.ok {
					return origins.Of(e), built
				}
				return r.o, true
			}
			values := vals.of(x.Var)
			if len(values) == 0 {
				// A helper's parameter: the arguments of its calls
				// (all of them in this file, or none).
				values, _ = origins.ParamArgs(x.Var)
			}
			if len(values) > 0 && !visiting[x.Var] {
				if visiting == nil {
					visiting = map[*luaast.Variable]bool{}
				}
				visiting[x.Var] = true
				var union Origin
				ok := true
				for _, v := range values {
					o, vb := prefixOf(info, calls, origins, vals, v, depth+1, visiting)
					if !vb || o.Kinds == 0 {
						ok = false
						break
					}
					union.Kinds |= o.Kinds
					union.Parts |= o.Parts
				}
				delete(visiting, x.Var)
				// Memoized: chains of locals with several values each
				// would otherwise be walked once per path.
				if vals.prefix == nil {
					vals.prefix = map[*luaast.Variable]prefixResult{}
				}
				vals.prefix[x.Var] = prefixResult{union, ok}
				if !ok {
					return origins.Of(e), built
				}
				return union, true
			}
		case *luaast.BinaryExpr:
			if x.Op == luaast.OpConcat {
				e, built = x.X, true
				continue
			}
		case *luaast.CallExpr:
			// A local helper's result: the union of its returns' prefixes.
			if _, rets, ok := origins.HelperReturns(x); ok && len(rets) > 0 {
				return helperPrefix(info, calls, origins, vals, x, rets, depth, visiting)
			}
			if calls.Callee(x) == "string.format" && len(x.Args) > 1 {
				if f, ok := origins.Of(x.Args[0]).ConstString(); ok && strings.HasPrefix(f, "%s") {
					e, built = x.Args[1], true
					continue
				}
			}
			// table.concat({prefix, id}, ':'): the first value leads.
			if calls.Callee(x) == "table.concat" && len(x.Args) > 0 {
				if t, ok := luaast.Unparen(x.Args[0]).(*luaast.TableExpr); ok && len(t.Fields) > 1 && t.Fields[0].Kind == luaast.FieldPositional {
					e, built = t.Fields[0].Value, true
					continue
				}
			}
		}
		break
	}
	return origins.Of(e), built
}

// helperPrefix is prefixOf for a call of a local helper with returns rets:
// the union of their prefixes, when every return is built; the call's own
// origin otherwise. Helpers calling helpers are followed a few levels
// deep only (mutual recursion would otherwise go on to prefixOf's limit).
func helperPrefix(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, vals *assignedValues, x *luaast.CallExpr, rets []luaast.Expr, depth int, visiting map[*luaast.Variable]bool) (Origin, bool) {
	if depth >= 8 {
		return origins.Of(x), false
	}
	var union Origin
	for _, r := range rets {
		o, built := prefixOf(info, calls, origins, vals, r, depth+1, visiting)
		if !built || o.Kinds == 0 {
			return origins.Of(x), false
		}
		union.Kinds |= o.Kinds
		union.Parts |= o.Parts
	}
	return union, true
}

// assignedValues is the file's assigned values (AssignedValues)
// with dynamic-key's memo of the prefixes of locals with several values.
type assignedValues struct {
	pass   *Pass
	m      *AssignedValueMap
	prefix map[*luaast.Variable]prefixResult
}

// prefixResult is the memoized prefix of a local with several values.
type prefixResult struct {
	o  Origin
	ok bool
}

// of returns the values assigned to v (see AssignedValueMap.Of).
func (a *assignedValues) of(v *luaast.Variable) []luaast.Expr {
	if a.m == nil {
		a.m = AssignedValues(a.pass)
	}
	return a.m.Of(v)
}

// ReportKeyFindings reports, for every key argument of the file, the first
// of its findings (keyFindings) that keep accepts: dynamic-key and
// derived-key share one judgement of the keys and each reports its part.
//
// One key is one finding: a key the script keeps in a local and uses
// several times is reported at its first use, with the count in the
// message and the next uses as related locations. adjust, when not nil,
// changes each finding just before it is reported.
func ReportKeyFindings(pass *Pass, keep func(*KeyFinding) bool, adjust func(*Diagnostic)) {
	info := Script(pass)
	var found []Diagnostic
	var uses []int
	byKey := map[string]int{}
	for _, arg := range keyFindings(pass) {
		for i := range arg {
			if !keep(&arg[i]) {
				continue
			}
			d := arg[i].D
			id := keyIdentity(info, arg[i].Key)
			if j, seen := byKey[id]; seen {
				uses[j]++
				if uses[j] <= KeyUsesShown+1 {
					found[j].Related = append(found[j].Related, Related{Span: d.Span, Message: "the same key used here"})
				}
				break
			}
			byKey[id] = len(found)
			found = append(found, d)
			uses = append(uses, 1)
			break
		}
	}
	for i, d := range found {
		if uses[i] > 1 {
			if k := strings.Index(d.Message, ": "); k > 0 {
				d.Message = d.Message[:k] + " (" + strconv.Itoa(uses[i]) + " uses)" + d.Message[k:]
			}
		}
		if adjust != nil {
			adjust(&d)
		}
		pass.Report(d)
	}
}

// KeyUsesShown bounds the further uses of one key that its finding shows
// as related locations.
const KeyUsesShown = 3

// keyIdentity names the key k, so that the uses of one key share a name:
// a variable that keeps one value (see holdsOneValue) by itself (its uses
// are one key: for a loop variable or a parameter, in each round or call); a key built (concatenated or formatted) only from literals and
// KEYS and ARGV elements by its text, within its function (written again,
// it is the same key); any other expression by its place (a bare ARGV[1]
// in two commands, or a local assigned again, may be two keys).
func keyIdentity(info *ScriptInfo, k luaast.Expr) string {
	k = luaast.Unparen(k)
	if id, ok := k.(*luaast.Ident); ok && id.Var != nil && holdsOneValue(info, id.Var) {
		return fmt.Sprintf("var %p", id.Var)
	}
	if builtFromInputs(k) {
		return fmt.Sprintf("text %p %s", info.EnclosingFunc(k), strings.Join(strings.Fields(info.idx.file.Text(k)), ""))
	}
	return fmt.Sprintf("at %d", k.Pos())
}

// holdsOneValue reports whether v keeps the value it starts with: a local
// bound once, or a parameter or loop variable never assigned.
func holdsOneValue(info *ScriptInfo, v *luaast.Variable) bool {
	switch v.Kind {
	case luaast.VarParam, luaast.VarForIn, luaast.VarForNum:
		return len(v.Writes) == 0
	}
	return info.BoundOnce(v) != nil
}

// builtFromInputs reports whether e is a concatenation or a call of
// string.format whose parts are all literals or elements of KEYS and ARGV
// at literal indexes: its value is the same wherever it is written.
func builtFromInputs(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.BinaryExpr:
		return x.Op == luaast.OpConcat && pureKeyPart(x.X) && pureKeyPart(x.Y)
	case *luaast.CallExpr:
		f, ok := x.Fn.(*luaast.FieldExpr)
		if !ok || f.Name == nil || f.Name.Name != "format" {
			return false
		}
		if root, ok := f.X.(*luaast.Ident); !ok || root.Name != "string" || root.Var != nil {
			return false
		}
		for _, a := range x.Args {
			if !pureKeyPart(a) {
				return false
			}
		}
		return len(x.Args) > 1
	}
	return false
}

// pureKeyPart reports whether e is a literal, KEYS[n] or ARGV[n] (n a
// number literal), or a concatenation of such.
func pureKeyPart(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.StringLit, *luaast.NumberLit:
		return true
	case *luaast.IndexExpr:
		root, ok := x.X.(*luaast.Ident)
		_, lit := luaast.Unparen(x.Key).(*luaast.NumberLit)
		return ok && root.Var == nil && (root.Name == "KEYS" || root.Name == "ARGV") && lit
	case *luaast.BinaryExpr:
		return x.Op == luaast.OpConcat && pureKeyPart(x.X) && pureKeyPart(x.Y)
	}
	return false
}

// KeyFinding is what the key rules say of one computed key: the finding,
// whether it is derived-key's (a KEYS element plus text) rather than
// dynamic-key's, and whether allow-prefix-from-argv accepts it.
type KeyFinding struct {
	// D is the finding.
	D Diagnostic
	// Key is the key expression judged (the argument, or a value stored
	// in the table it comes from).
	Key luaast.Expr
	// Derived says the finding is derived-key's (a KEYS element plus
	// text) rather than dynamic-key's; ArgvPrefix that
	// allow-prefix-from-argv accepts it.
	Derived, ArgvPrefix bool
}

// KeyFindingsAnalysis judges every key argument of the file's command
// calls once for both key rules, without their options: for each
// argument, its candidate findings in order (the argument itself, then
// each value stored in a table it is unpacked or read back from); a rule
// reports the first candidate it keeps, so each argument gets at most one
// finding per rule. The options only drop findings: allow-prefix-from-argv
// those with an ARGV prefix, allow-prefix-from-keys the derived ones.
var KeyFindingsAnalysis = &Analysis{
	Name:     "key-findings",
	Doc:      "every computed key argument, with dynamic-key's or derived-key's finding on it",
	Requires: []*Analysis{ScriptAnalysis, CallsAnalysis, OriginsAnalysis},
	Run:      func(pass *Pass) any { return collectKeyFindings(pass) },
}

// keyFindings is KeyFindingsAnalysis's result for the pass's file.
func keyFindings(pass *Pass) [][]KeyFinding {
	return ResultAs[[][]KeyFinding](pass, KeyFindingsAnalysis)
}

func collectKeyFindings(pass *Pass) [][]KeyFinding {
	c := keyChecker{
		pass:    pass,
		calls:   Calls(pass),
		origins: Origins(pass),
		info:    Script(pass),
	}
	c.vals = &assignedValues{pass: pass} // its maps (and the inspector) are looked up on first use
	var out [][]KeyFinding
	for _, rc := range c.calls.List {
		for _, k := range KeyArgsOf(rc) {
			if isKeysElement(k) {
				continue
			}
			var cands []KeyFinding
			if f, ok := c.check(k, k, ""); ok {
				f.Key = k
				cands = append(cands, f)
			}
			// Keys collected in a table and passed with unpack(t) are
			// judged one stored value at a time; a rule reports the
			// first bad one it keeps (one finding per argument).
			via := "' and passed with unpack"
			t, stored := c.unpackedKeys(rc, k)
			if t == nil {
				via = "' and read back from it"
				t, stored = c.iteratedKeys(k)
			}
			for _, e := range stored {
				if f, ok := c.check(k, e, ", collected in '"+t.Name+via); ok {
					f.Key = e
					cands = append(cands, f)
				}
			}
			if len(cands) > 0 {
				out = append(out, cands)
			}
		}
	}
	return out
}

// keyChecker holds what dynamic-key needs to judge one key argument.
type keyChecker struct {
	pass    *Pass
	calls   *CallInfo
	origins *OriginInfo
	info    *ScriptInfo
	vals    *assignedValues
}

// check judges the key value k that reaches the command at argument arg
// (the same expression, or an unpack(t) call whose table holds k), and
// returns the finding when the key is built or taken in the script. via
// says how k travels to arg ("" when it is the argument itself).
func (c *keyChecker) check(arg, k luaast.Expr, via string) (KeyFinding, bool) {
	pass, info, calls, origins := c.pass, c.info, c.calls, c.origins
	o := origins.Of(k)
	// The prefix is looked for only where classifyKey reads it:
	// most keys are KEYS elements (TestKeyPrefixOnlyWhenBuilt).
	var prefix Origin
	if keyMayBeBuilt(o) {
		prefix = keyPrefix(info, calls, origins, c.vals, k)
	}
	problem, argvPrefix := classifyKey(o, prefix, false, false)
	if o.Parts&OriginKeysElem != 0 && problem == keyBuiltKeys {
		// Two shapes the prefix alone does not tell apart from
		// KEYS[1] .. ':x': a piece cut out of the element (whatever the
		// option says, it may have lost the tag) and the element wrapped
		// in a tag by the script (safe in other ways than the message for
		// KEYS[1] .. ':x' says).
		switch {
		case cutFromKeys(info, calls, origins, k):
			problem = keyCutKeys
		case transformedKeys(info, calls, origins, k):
			problem = keyChangedKeys
		case wrapsKeysInTag(info, calls, origins, k):
			problem = keyTaggedKeys
		}
	}
	if argvPrefix && madeInScript(origins, k) {
		// ARGV[1] .. id with id made or read here: not passable in KEYS.
		problem = keyArgvPrefixMade
	}
	if problem == keyFine || checkedAgainstKeys(pass, origins, k) {
		return KeyFinding{}, false
	}
	how := buildHow(info, calls, origins, k) + via
	// The tail of the two messages of a key with an ARGV prefix.
	argvTail := ""
	if argvPrefix {
		argvTail = ArgvPrefixTail
		if problem == keyBuiltDecoded {
			argvTail = PackedPrefixTail
		}
	}
	var msg string
	switch problem {
	case keyRawReply:
		msg = concat("key read from Redis (", ReplyWhat(o), ")", via, ": pass the whole key in KEYS")
	case keyRawDecoded:
		msg = concat("key read from ", decodeWhat(info, calls, k), via, ": pass the whole key in KEYS")
	case keyRawArgv:
		msg = concat("key taken from ", ElemName(pass, info, origins, k, OriginArgvTable, "ARGV"), via, ": pass it in KEYS, where cluster routing and ACL key patterns see it")
	case keyBuiltReply:
		msg = concat("key built from a value read from Redis (", ReplyWhat(o), ") ", how, ": pass the whole key in KEYS")
	case keyBuiltDecoded:
		msg = concat("key built from ", decodeWhat(info, calls, k), " ", how, ": pass the whole key in KEYS", argvTail)
	case keyBuiltArgv:
		msg = concat("key built from ", ElemName(pass, info, origins, k, OriginArgvTable, "ARGV"), " ", how, ": pass the whole key in KEYS", argvTail)
	case keyBuiltKeys:
		e := ElemName(pass, info, origins, k, OriginKeysTable, "a KEYS element")
		msg = concat("key built from ", e, " ", how, ": cluster-safe only if ", e, " carries a {hash tag}; pass the whole key in KEYS, or set allow-prefix-from-keys: true if it does")
	case keyBuiltConst:
		msg = concat("key computed in the script ", how, ": pass the whole key in KEYS")
	case keyArgvPrefixMade:
		e := ElemName(pass, info, origins, leadingExpr(info, calls, origins, k), OriginArgvTable, "an ARGV element")
		if packedInArgv(prefix) {
			e = "a prefix packed in ARGV"
		}
		msg = concat("key built from ", e, " as prefix and a value read in the script (", ReplyWhat(o), ") ", how,
			": the caller cannot pass it in KEYS; it hashes to the prefix's slot only if ", e, " carries a {hash tag}", ArgvPrefixTail)
	case keyTaggedKeys:
		e := ElemName(pass, info, origins, k, OriginKeysTable, "a KEYS element")
		msg = concat("key built by wrapping ", e, " in a {hash tag}", via, ": it hashes to ", e, "'s slot only while ", e,
			" holds no braces of its own, and ACL key patterns and proxies see only KEYS; pass the whole key in KEYS, or set allow-prefix-from-keys: true")
	case keyChangedKeys:
		e := ElemName(pass, info, origins, k, OriginKeysTable, "a KEYS element")
		changed := buildHow(info, calls, origins, leadingExpr(info, calls, origins, k)) + via
		msg = concat("key computed from ", e, " ", changed, ": the change may alter its {hash tag}, so it may hash to another slot; pass the whole key in KEYS")
	case keyCutKeys:
		e := ElemName(pass, info, origins, k, OriginKeysTable, "a KEYS element")
		// How the piece was cut, not how the rest was added to it.
		cut := buildHow(info, calls, origins, leadingExpr(info, calls, origins, k)) + via
		msg = concat("key cut out of ", e, " ", cut, ": a piece of a key does not keep its {hash tag}, so it may hash to another slot; pass the whole key in KEYS")
	}
	d := Diagnostic{Span: luaast.SpanOf(arg), Message: msg}
	site := keyBuildSite(info, k)
	if site == nil && arg != k {
		site = k // the value stored in the table
	}
	if site != nil {
		d.Related = []Related{{Span: luaast.SpanOf(site), Message: "key built here"}}
	} else if arg, what := c.paramSite(k); arg != nil {
		d.Related = []Related{{Span: luaast.SpanOf(arg), Message: what}}
	}
	return KeyFinding{D: d, Derived: isDerived(problem), ArgvPrefix: argvPrefix}, true
}

// paramSite returns, for a key built in a helper from one of its
// parameters (the key itself, its prefix or another part), the argument
// of the first call that gives the parameter a value the rule judges (not
// of unknown origin), and what it is: "key passed here", "key prefix
// passed here" or "key part passed here". A finding made inside the
// helper then points at the call that built the key.
func (c *keyChecker) paramSite(k luaast.Expr) (luaast.Expr, string) {
	lead := luaast.Unparen(leadingExpr(c.info, c.calls, c.origins, k))
	var site luaast.Expr
	what := ""
	VisitExpr(c.info, k, func(x luaast.Expr) bool {
		if site != nil {
			return false
		}
		id, ok := x.(*luaast.Ident)
		if !ok || id.Var == nil || id.Var.Kind != luaast.VarParam {
			return true
		}
		args, _ := c.origins.ParamArgs(id.Var)
		for _, a := range args {
			if !c.origins.Of(a).IsUnknown() {
				site = a
				break
			}
		}
		switch {
		case site == nil:
		case x == luaast.Unparen(k):
			what = "key passed here"
		case x == lead:
			what = "key prefix passed here"
		default:
			what = "key part passed here"
		}
		return site == nil
	})
	return site, what
}

// unpackedKeys returns the local table t of a key argument written
// unpack(t[, i[, j]]) and every value the script stores in it, when all of
// them are known: t is bound once to a table constructor, and every other
// use of t is a store (table.insert(t, [pos,] v), t[i] = v), a read of its
// elements or size, or an unpack. A table passed elsewhere (to a helper,
// into another table, returned) may get values the rule cannot see: nil.
// So is a table whose values are not all keys of the command: the unpack
// must be the call's last argument (where it spreads every value), and
// every argument it may spread must be at a key position (DEL, SUNION,
// MGET; not MSET, whose values alternate with its keys).
func (c *keyChecker) unpackedKeys(rc *RedisCall, arg luaast.Expr) (*luaast.Variable, []luaast.Expr) {
	call, ok := luaast.Unparen(arg).(*luaast.CallExpr)
	if !ok || len(call.Args) == 0 || rc.Command == nil || len(rc.Args) == 0 || rc.Args[len(rc.Args)-1] != arg || !spreadAllKeys(c.origins, rc) {
		return nil, nil
	}
	if callee := c.calls.Callee(call); callee != "unpack" && callee != "table.unpack" {
		return nil, nil
	}
	id, ok := luaast.Unparen(call.Args[0]).(*luaast.Ident)
	if !ok || id.Var == nil {
		return nil, nil
	}
	if stored, ok := c.tableValues(id.Var); ok {
		return id.Var, stored
	}
	return nil, nil
}

// iteratedKeys returns the local table t and the values the script stores
// in it when key k is an element of t read at every index: the value
// variable of `for _, x in ipairs(t)` (or pairs), or a local bound to
// t[i] with a variable index (`local x = t[i]` in `for i = 1, #t`). Every
// stored value then reaches the command as a key.
func (c *keyChecker) iteratedKeys(k luaast.Expr) (*luaast.Variable, []luaast.Expr) {
	id, ok := luaast.Unparen(k).(*luaast.Ident)
	if !ok || id.Var == nil || id.Var.Decl == nil {
		return nil, nil
	}
	var table luaast.Expr
	if ix, ok := luaast.Unparen(c.info.BoundOnce(id.Var)).(*luaast.IndexExpr); ok {
		if i, ok := luaast.Unparen(ix.Key).(*luaast.Ident); ok && i.Var != nil {
			table = ix.X
		}
	} else if id.Var.Kind == luaast.VarForIn {
		fs, ok := Inspector(c.pass).Parent(id.Var.Decl).(*luaast.GenericForStmt)
		if !ok || len(fs.Names) != 2 || fs.Names[1] != id.Var.Decl || len(fs.Exprs) != 1 {
			return nil, nil
		}
		call, ok := luaast.Unparen(fs.Exprs[0]).(*luaast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil, nil
		}
		if callee := c.calls.Callee(call); callee == "ipairs" || callee == "pairs" {
			table = call.Args[0]
		}
	}
	t, ok := luaast.Unparen(table).(*luaast.Ident)
	if !ok || t.Var == nil {
		return nil, nil
	}
	if stored, ok := c.tableValues(t.Var); ok {
		return t.Var, stored
	}
	return nil, nil
}

// tableValues returns every value the script stores in the local table v,
// when all of them are known: v is bound once to a table constructor, and
// every other use of v is a store (table.insert(v, [pos,] x), v[i] = x), a
// read of its elements or size, or an iteration. A table passed elsewhere
// (to a helper, into another table, returned) may get values the rule
// cannot see: ok is false.
func (c *keyChecker) tableValues(v *luaast.Variable) (stored []luaast.Expr, ok bool) {
	if len(v.Writes) > 0 {
		return nil, false
	}
	ctor, isCtor := c.info.BoundOnce(v).(*luaast.TableExpr)
	if !isCtor {
		return nil, false
	}
	for _, f := range ctor.Fields {
		stored = append(stored, f.Value)
	}
	in := Inspector(c.pass)
	for _, ref := range v.Refs {
		switch p := in.Parent(ref).(type) {
		case *luaast.CallExpr:
			if len(p.Args) == 0 || p.Args[0] != luaast.Expr(ref) {
				return nil, false // v passed on as another argument
			}
			switch c.calls.Callee(p) {
			case "table.insert":
				if len(p.Args) < 2 {
					return nil, false
				}
				stored = append(stored, p.Args[len(p.Args)-1])
			case "unpack", "table.unpack", "ipairs", "pairs", "table.getn", "table.concat", "table.sort", "next":
			default:
				return nil, false
			}
		case *luaast.UnaryExpr: // #v
		case *luaast.IndexExpr:
			if p.X != luaast.Expr(ref) {
				return nil, false // v used as a key of another table
			}
			as, isAssign := in.Parent(p).(*luaast.AssignStmt)
			if !isAssign {
				continue // a read of an element
			}
			i := slices.Index(as.Targets, luaast.Expr(p))
			if i < 0 {
				continue // v[i] read on the right side
			}
			if i >= len(as.Exprs) || i == len(as.Exprs)-1 && len(as.Targets) > len(as.Exprs) {
				return nil, false // the value comes from a multi-value call
			}
			stored = append(stored, as.Exprs[i])
		default:
			return nil, false
		}
	}
	return stored, true
}

// checkedAgainstKeys reports whether key k is a local that a test has
// just proved equal to an element of KEYS: the command runs in the branch
// of `if key == KEYS[i] then` or of `for _, declared in ipairs(KEYS) do if
// declared == key then`, and key is not assigned between the test and the
// use. The key the command receives is then one the caller declared,
// however the script computed the name it compared (job queues look up
// the queue a job names among the keys they were given). A test outside
// the function that holds the use does not count: the function may run
// later.
func checkedAgainstKeys(pass *Pass, origins *OriginInfo, k luaast.Expr) bool {
	id, ok := luaast.Unparen(k).(*luaast.Ident)
	if !ok || id.Var == nil {
		return false
	}
	return GuardedBy(Inspector(pass), id, func(cond luaast.Expr) bool {
		return equalsKeysElement(origins, cond, id.Var) && !writtenBetween(id.Var, cond.End(), id.Pos())
	})
}

// equalsKeysElement reports whether cond can only be true when v holds an
// element of KEYS: `v == e` or `e == v` with e a KEYS element, alone or as
// one operand of an `and`.
func equalsKeysElement(origins *OriginInfo, cond luaast.Expr, v *luaast.Variable) bool {
	b, ok := luaast.Unparen(cond).(*luaast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case luaast.OpAnd:
		return equalsKeysElement(origins, b.X, v) || equalsKeysElement(origins, b.Y, v)
	case luaast.OpEq:
		isV := func(e luaast.Expr) bool {
			id, ok := luaast.Unparen(e).(*luaast.Ident)
			return ok && id.Var == v
		}
		switch {
		case isV(b.X):
			return origins.Of(b.Y).IsOnlyKeysElement()
		case isV(b.Y):
			return origins.Of(b.X).IsOnlyKeysElement()
		}
	}
	return false
}

// writtenBetween reports whether v is assigned at an offset in [from, to).
func writtenBetween(v *luaast.Variable, from, to luaast.Pos) bool {
	for _, w := range v.Writes {
		if w.Pos() >= from && w.Pos() < to {
			return true
		}
	}
	return false
}

// keyBuildSite returns the expression that built key k when k is a local
// bound once (`local key = 'rate:' .. ARGV[1]`), so the finding can point
// at both the use and the construction; nil when k is built in place.
func keyBuildSite(info *ScriptInfo, k luaast.Expr) luaast.Expr {
	id, ok := luaast.Unparen(k).(*luaast.Ident)
	if !ok || id.Var == nil {
		return nil
	}
	return info.BoundOnce(id.Var)
}

// decodeWhat describes a decoded value with its decoder, found by following
// e through fields, elements and locals bound once: "decoded data
// (cmsgpack.unpack)", or just "decoded data" when the decoder cannot be
// traced (a local assigned on several paths): naming a guess would point
// the reader at a call the script may not make.
func decodeWhat(info *ScriptInfo, calls *CallInfo, e luaast.Expr) string {
	name := ""
	VisitExpr(info, e, func(x luaast.Expr) bool {
		if c, ok := x.(*luaast.CallExpr); ok {
			switch callee := calls.Callee(c); callee {
			case "cjson.decode", "cmsgpack.unpack", "struct.unpack":
				name = callee
				return false
			}
		}
		return name == ""
	})
	if name == "" {
		return "decoded data"
	}
	return "decoded data (" + name + ")"
}

// buildHow says how a built key is computed: "by concatenation", "with
// string.format", or "in the script" when it cannot tell; followed into a
// local helper's return, it adds "(in 'helper')".
func buildHow(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, e luaast.Expr) string {
	in := "" // " (in 'helper')" once followed into a helper's return
	for range 16 {
		switch x := luaast.Unparen(e).(type) {
		case *luaast.Ident:
			if b := info.BoundOnce(x.Var); b != nil {
				e = b
				continue
			}
			// A helper's parameter: how the first call builds it.
			if args, ok := origins.ParamArgs(x.Var); ok && len(args) > 0 {
				e = args[0]
				continue
			}
		case *luaast.BinaryExpr:
			if x.Op == luaast.OpConcat {
				return "by concatenation" + in
			}
		case *luaast.CallExpr:
			if callee := calls.Callee(x); callee != "" {
				return "with " + callee + in
			}
			// A local helper's result: how its first return builds it.
			if name, rets, ok := origins.HelperReturns(x); ok && len(rets) > 0 {
				e, in = rets[0], " (in '"+name+"')"
				continue
			}
		case *luaast.MethodCallExpr:
			return "with string." + x.Method.Name + in
		}
		break
	}
	if in != "" {
		return "in" + strings.TrimSuffix(strings.TrimPrefix(in, " (in"), ")")
	}
	return "in the script"
}

// spreadAllKeys reports whether every value the last argument of rc may
// spread (an unpack) lands at a key position of rc's command: the key
// positions are asked for with that argument standing for several
// arguments of unknown text.
func spreadAllKeys(origins *OriginInfo, rc *RedisCall) bool {
	const spread = 4
	argv := origins.Argv(rc)
	first := len(argv) - 1 // the unpack's place
	argv = argv[:first]
	for range spread {
		argv = append(argv, redisfacts.Arg{})
	}
	positions, _ := rc.Command.KeyPositions(argv)
	for p := first; p < len(argv); p++ {
		if !slices.Contains(positions, p) {
			return false
		}
	}
	return true
}

// leadingExpr follows key e to the expression its text starts with:
// through locals bound once (or to one value of a call with several:
// `local a, b = string.match(...)`), the left operand of concatenations
// and the first argument of string.format('%s...'). It stops at anything
// else.
func leadingExpr(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, e luaast.Expr) luaast.Expr {
	for range 16 {
		switch x := luaast.Unparen(e).(type) {
		case *luaast.Ident:
			if x.Var == nil {
				return x
			}
			if b := info.BoundOnce(x.Var); b != nil {
				e = b
				continue
			}
			// One of several values of a call: the call.
			if ls, ok := info.LocalDecl(x.Var).(*luaast.LocalStmt); ok && len(x.Var.Writes) == 0 && len(ls.Exprs) > 0 {
				i := slices.Index(ls.Names, x.Var.Decl)
				if last := len(ls.Exprs) - 1; i >= last {
					if _, isCall := luaast.Unparen(ls.Exprs[last]).(*luaast.CallExpr); isCall {
						e = ls.Exprs[last]
						continue
					}
				}
			}
			return x
		case *luaast.BinaryExpr:
			if x.Op != luaast.OpConcat {
				return x
			}
			e = x.X
			continue
		case *luaast.CallExpr:
			if calls.Callee(x) == "string.format" && len(x.Args) > 1 {
				if f, ok := origins.Of(x.Args[0]).ConstString(); ok && strings.HasPrefix(f, "%s") {
					e = x.Args[1]
					continue
				}
			}
			return x
		default:
			return x
		}
	}
	return e
}

// cutFromKeys reports whether key e starts with a piece cut out of a KEYS
// element: string.match, string.sub or string.gmatch of one (as a call or
// a method call). The cut may leave the element's {hash tag} behind.
func cutFromKeys(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, e luaast.Expr) bool {
	var from luaast.Expr
	switch x := leadingExpr(info, calls, origins, e).(type) {
	case *luaast.CallExpr:
		switch calls.Callee(x) {
		case "string.match", "string.sub", "string.gmatch":
			if len(x.Args) > 0 {
				from = x.Args[0]
			}
		}
	case *luaast.MethodCallExpr:
		switch x.Method.Name {
		case "match", "sub", "gmatch":
			from = x.Recv
		}
	}
	return from != nil && origins.Of(from).IsOnlyKeysElement()
}

// transformedKeys reports whether key e starts with a KEYS element changed
// by a string function (string.lower, upper, gsub, rep, reverse, as a call
// or a method call): the change may alter the element's {hash tag}.
func transformedKeys(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, e luaast.Expr) bool {
	var from luaast.Expr
	switch x := leadingExpr(info, calls, origins, e).(type) {
	case *luaast.CallExpr:
		switch calls.Callee(x) {
		case "string.lower", "string.upper", "string.gsub", "string.rep", "string.reverse":
			if len(x.Args) > 0 {
				from = x.Args[0]
			}
		}
	case *luaast.MethodCallExpr:
		switch x.Method.Name {
		case "lower", "upper", "gsub", "rep", "reverse":
			from = x.Recv
		}
	}
	return from != nil && origins.Of(from).IsOnlyKeysElement()
}

// wrapsKeysInTag reports whether key e is a KEYS element the script wraps
// in a hash tag: `'{' .. KEYS[1] .. '}' .. rest` (text before the brace
// allowed when it holds no brace itself: the first '{' decides the tag), or
// string.format('{%s}...', KEYS[1]).
func wrapsKeysInTag(info *ScriptInfo, calls *CallInfo, origins *OriginInfo, e luaast.Expr) bool {
	for range 16 {
		x, ok := luaast.Unparen(e).(*luaast.Ident)
		if !ok || x.Var == nil {
			break
		}
		b := info.BoundOnce(x.Var)
		if b == nil {
			break
		}
		e = b
	}
	if call, ok := luaast.Unparen(e).(*luaast.CallExpr); ok {
		if calls.Callee(call) != "string.format" || len(call.Args) < 2 {
			return false
		}
		f, ok := origins.Of(call.Args[0]).ConstString()
		return ok && strings.HasPrefix(f, "{%s}") && origins.Of(call.Args[1]).IsOnlyKeysElement()
	}
	var parts []luaast.Expr
	var flatten func(luaast.Expr)
	flatten = func(x luaast.Expr) {
		if b, ok := luaast.Unparen(x).(*luaast.BinaryExpr); ok && b.Op == luaast.OpConcat {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		parts = append(parts, x)
	}
	flatten(e)
	for i := 0; i+2 < len(parts); i++ {
		open, ok := origins.Of(parts[i]).ConstString()
		if !ok {
			return false
		}
		if !strings.HasSuffix(open, "{") {
			if strings.Contains(open, "{") {
				return false
			}
			continue
		}
		if strings.Count(open, "{") != 1 || !origins.Of(parts[i+1]).IsOnlyKeysElement() {
			return false
		}
		closing, ok := origins.Of(parts[i+2]).ConstString()
		return ok && strings.HasPrefix(closing, "}")
	}
	return false
}

const (
	keyFine keyProblem = iota
	keyRawReply
	keyRawDecoded
	keyRawArgv
	keyBuiltReply
	keyBuiltDecoded
	keyBuiltArgv
	keyBuiltKeys
	keyBuiltConst // from literals and loop counters only
	// keyTaggedKeys is a KEYS element the script wraps in a hash tag
	// ('{' .. KEYS[1] .. '}:x'): in the element's slot while the element
	// holds no braces of its own.
	keyTaggedKeys
	// keyCutKeys is a piece cut out of a KEYS element (string.match,
	// string.sub): it need not keep the element's hash tag.
	keyCutKeys
	// keyChangedKeys is a KEYS element changed by a string function
	// (string.lower, string.gsub): its hash tag may change with it.
	keyChangedKeys
	// keyArgvPrefixMade is an ARGV element used as the key's leading
	// prefix plus a value the script read or made (a reply: an id from
	// INCR, a member from a list): the caller cannot pass that key in
	// KEYS, and it hashes to the prefix's slot when the prefix carries a
	// {hash tag}, as queue libraries send it.
	keyArgvPrefixMade
)

// madeInScript reports whether a built key holds a value read or made in
// the script (a reply part) on some path: ARGV[1] .. id with id from INCR
// on one path and ARGV[1] .. ARGV[2] on another is still a key the script
// cannot have declared in KEYS (bull's addJob), and the same hash-tagged
// prefix makes both safe.
func madeInScript(origins *OriginInfo, k luaast.Expr) bool {
	return origins.Of(k).Parts&(OriginReply|OriginReplyElem) != 0
}

// concat returns the concatenation of parts: a message of the key
// judgement (cheaper than fmt.Sprintf for strings).
func concat(parts ...string) string { return strings.Join(parts, "") }

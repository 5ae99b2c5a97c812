package analyzer

import (
	"bytes"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// ForLimitSource returns where the number of rounds of a numeric for
// loop comes from when it grows with ARGV or the data and nothing clamps
// it, with the bound expression (the limit, or the start of a loop
// counting down). sizes: see limitChecker.
func ForLimitSource(ctx *LoopBounds, s *luaast.NumericForStmt, sizes bool) (LimitSource, luaast.Expr, bool) {
	bound, other, ok := LoopEnds(ctx.origins, s)
	if !ok {
		return LimitSource{}, nil, false // the direction is unknown
	}
	var c limitChecker // on the stack: one per numeric for loop
	c.init(ctx, other)
	c.sizes = sizes
	src, ok := c.unbounded(bound, 0)
	if !ok {
		return LimitSource{}, nil, false
	}
	if s.Var != nil && s.Var.Var != nil {
		c.addVar(s.Var.Var)
	}
	if c.checkedBefore(ctx.info.EnclosingFunc(s), s) {
		return LimitSource{}, nil, false
	}
	return src, bound, true
}

// LoopEnds returns the expression that ends numeric loop s (its limit,
// or its start when it counts down) and the other one; ok is false when
// the step is not a known nonzero number, so the direction is unknown.
func LoopEnds(origins *OriginInfo, s *luaast.NumericForStmt) (bound, other luaast.Expr, ok bool) {
	bound, other = s.Limit, s.Start
	if s.Step != nil {
		step, known := origins.Of(s.Step).ConstNumber()
		if !known || step == 0 {
			return nil, nil, false
		}
		if step < 0 {
			bound, other = s.Start, s.Limit
		}
	}
	return bound, other, true
}

// LimitSource says where an unbounded number comes from.
type LimitSource struct {
	What     string // "ARGV", "the 'LLEN' reply", "the size of the 'SMEMBERS' reply"
	FromArgv bool
}

// LoopBounds holds what the bounded-work checks of one file share, with the
// comparisons of each function indexed on first use.
type LoopBounds struct {
	pass    *Pass
	info    *ScriptInfo
	calls   *CallInfo
	origins *OriginInfo
	cmps    map[*luaast.FunctionExpr]*comparisonIndex
}

// NewLoopBounds returns the LoopBounds of the pass's file, from its
// analyses.
func NewLoopBounds(pass *Pass, info *ScriptInfo, calls *CallInfo, origins *OriginInfo) *LoopBounds {
	return &LoopBounds{pass: pass, info: info, calls: calls, origins: origins}
}

func (ctx *LoopBounds) comparisonsOf(fn *luaast.FunctionExpr) *comparisonIndex {
	if idx, ok := ctx.cmps[fn]; ok {
		return idx
	}
	idx := &comparisonIndex{byVar: map[*luaast.Variable][]*luaast.BinaryExpr{}, byText: map[string][]*luaast.BinaryExpr{}}
	if ctx.cmps == nil {
		ctx.cmps = map[*luaast.FunctionExpr]*comparisonIndex{} // made on first use: most files need none
	}
	ctx.cmps[fn] = idx
	src := ctx.pass.File.Src
	inert := map[*luaast.BinaryExpr]bool{}
	in := Inspector(ctx.pass)
	PreorderSameFunc(in, fn.Body, luaast.KindIfStmt, func(n luaast.Node) {
		if is, ok := n.(*luaast.IfStmt); ok && ctx.inertIf(is) {
			// "if n > 1000 then redis.log(...) end" compares but bounds
			// nothing: its comparisons are no clamp.
			for _, cl := range is.Clauses {
				InspectSameFunc(cl.Cond, func(m luaast.Node) bool {
					if b, ok := m.(*luaast.BinaryExpr); ok {
						inert[b] = true
					}
					return true
				})
			}
		}
	})
	PreorderSameFunc(in, fn.Body, luaast.KindBinaryExpr, func(n luaast.Node) {
		b, ok := n.(*luaast.BinaryExpr)
		if !ok || inert[b] {
			return
		}
		switch b.Op {
		case luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
		default:
			return
		}
		seenVar := map[*luaast.Variable]bool{}
		seenText := map[string]bool{}
		InspectSameFunc(b, func(m luaast.Node) bool {
			switch x := m.(type) {
			case *luaast.Ident:
				if x.Var != nil && !seenVar[x.Var] {
					seenVar[x.Var] = true
					idx.byVar[x.Var] = append(idx.byVar[x.Var], b)
				}
			case *luaast.IndexExpr, *luaast.CallExpr, *luaast.FieldExpr:
				t := string(src[x.Pos():x.End()])
				if !seenText[t] {
					seenText[t] = true
					idx.byText[t] = append(idx.byText[t], b)
				}
			}
			return true
		})
	})
	return idx
}

// inertIf reports whether no branch of s can end a path, change a
// variable or hold a loop: its blocks only call logging and library
// functions that do not raise on purpose. Such an if cannot bound a
// later loop.
func (ctx *LoopBounds) inertIf(s *luaast.IfStmt) bool {
	inert := true
	check := func(n luaast.Node) bool {
		if !inert {
			return false
		}
		switch x := n.(type) {
		case *luaast.FunctionExpr:
			return false
		case luaast.Stmt:
			switch x.(type) {
			case *luaast.CallStmt, *luaast.IfStmt, *luaast.DoStmt:
			default:
				inert = false
			}
		case *luaast.CallExpr:
			callee := ctx.calls.Callee(x)
			switch {
			case callee == "redis.log", callee == "server.log", callee == "redis.debug", callee == "tostring",
				strings.HasPrefix(callee, "string."), strings.HasPrefix(callee, "math."):
			default:
				inert = false
			}
		case *luaast.MethodCallExpr:
			inert = false
		}
		return inert
	}
	for _, cl := range s.Clauses {
		luaast.Inspect(cl.Body, func(n luaast.Node) bool { return n != nil && check(n) })
	}
	if s.Else != nil {
		luaast.Inspect(s.Else, func(n luaast.Node) bool { return n != nil && check(n) })
	}
	return inert
}

// limitChecker finds out whether a number (a loop bound) comes from ARGV
// or the data without a clamp, and records what it is computed from so
// that an earlier comparison of those values counts as a clamp.
type limitChecker struct {
	ctx     *LoopBounds
	pass    *Pass
	calls   *CallInfo
	origins *OriginInfo
	// base is the source text of the loop's other bound: "start + 10" with
	// start as the base is bounded whatever start is. (The bytes of the
	// source, not a string: making one cost an allocation per loop.)
	base []byte
	// sizes makes the size of a reply that grows with the data (#members
	// of a whole-collection read, a range read without LIMIT, KEYS: the
	// replies GrowingReply names, as for a loop over ipairs(reply)) count
	// as unbounded. A loop over a reply does work in proportion to a read
	// already done (unbounded-read reports the read), so unbounded-loop
	// leaves it off; a table filled by such a loop still grows with the
	// data, which matters to unbounded-unpack.
	sizes    bool
	vars     map[*luaast.Variable]bool
	texts    map[string]bool // ARGV/reply element expressions met
	visiting map[*luaast.Variable]bool
}

// init readies c for a loop whose other bound is other (nil when none).
func (c *limitChecker) init(ctx *LoopBounds, other luaast.Expr) {
	// The maps are made on first insert (see addVar, addText): most
	// loops have constant bounds and need none.
	*c = limitChecker{ctx: ctx, pass: ctx.pass, calls: ctx.calls, origins: ctx.origins}
	if other != nil {
		o := luaast.Unparen(other)
		c.base = c.pass.File.Src[o.Pos():o.End()]
	}
}

func (c *limitChecker) text(n luaast.Node) string { return c.pass.File.Text(n) }

// textIs reports whether the source text of n is s, without making a
// string of it.
func (c *limitChecker) textIs(n luaast.Node, s []byte) bool {
	return bytes.Equal(c.pass.File.Src[n.Pos():n.End()], s)
}

// addVar records that the bound is computed from v.
func (c *limitChecker) addVar(v *luaast.Variable) {
	if c.vars == nil {
		c.vars = map[*luaast.Variable]bool{}
	}
	c.vars[v] = true
}

// addText records that the bound is computed from the expression of
// source text t.
func (c *limitChecker) addText(t string) {
	if c.texts == nil {
		c.texts = map[string]bool{}
	}
	c.texts[t] = true
}

// unbounded reports whether the number e can grow with ARGV or the data,
// with no clamp in its computation.
func (c *limitChecker) unbounded(e luaast.Expr, depth int) (LimitSource, bool) {
	if depth > MaxValueDepth || e == nil {
		return LimitSource{}, false
	}
	depth++
	e = luaast.Unparen(e)
	if len(c.base) != 0 && c.textIs(e, c.base) {
		return LimitSource{}, false
	}
	switch x := e.(type) {
	case *luaast.Ident:
		if x.Var == nil || c.visiting[x.Var] {
			return LimitSource{}, false
		}
		c.addVar(x.Var)
		if c.visiting == nil {
			c.visiting = map[*luaast.Variable]bool{}
		}
		c.visiting[x.Var] = true
		defer delete(c.visiting, x.Var)
		defs, _ := c.origins.ReachingDefs(x)
		for _, d := range defs {
			if d.Kind != DefValue {
				continue
			}
			if src, ok := c.unbounded(d.Expr, depth); ok {
				return src, true
			}
		}
	case *luaast.IndexExpr, *luaast.FieldExpr:
		o := c.origins.Of(x)
		switch {
		case o.Is(OriginArgvElem):
			c.addText(c.text(x))
			return LimitSource{What: "ARGV", FromArgv: true}, true
		case o.Is(OriginReplyElem):
			c.addText(c.text(x))
			return LimitSource{What: "an element of " + replyName(o)}, true
		}
	case *luaast.CallExpr:
		if rc := c.calls.Of(x); rc != nil {
			if rc.Wrapped {
				return LimitSource{}, false
			}
			c.addText(c.text(x))
			return LimitSource{What: replyName(c.origins.Of(x))}, true
		}
		switch c.calls.Callee(x) {
		case "tonumber", "math.floor", "math.ceil", "math.abs":
			if len(x.Args) > 0 {
				return c.unbounded(x.Args[0], depth)
			}
		case "math.max":
			for _, a := range x.Args {
				if src, ok := c.unbounded(a, depth); ok {
					return src, true
				}
			}
		case "math.min":
			var first LimitSource
			for i, a := range x.Args {
				src, ok := c.unbounded(a, depth)
				if !ok {
					return LimitSource{}, false // clamped by this argument
				}
				if i == 0 {
					first = src
				}
			}
			return first, len(x.Args) > 0
		}
	case *luaast.UnaryExpr:
		switch x.Op {
		case luaast.OpNeg:
			return c.unbounded(x.X, depth)
		case luaast.OpLen:
			if !c.sizes {
				return LimitSource{}, false
			}
			for _, rc := range c.replyCalls(x.X, 0) {
				if _, grows := GrowingReply(c.origins, rc); grows {
					return LimitSource{What: "the size of the " + QuoteName(rc.Name) + " reply"}, true
				}
			}
		}
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpAdd, luaast.OpSub, luaast.OpMul, luaast.OpPow, luaast.OpOr, luaast.OpAnd:
			if src, ok := c.unbounded(x.X, depth); ok {
				return src, true
			}
			return c.unbounded(x.Y, depth)
		case luaast.OpDiv:
			return c.unbounded(x.X, depth)
		case luaast.OpMod:
			if _, ok := c.unbounded(x.Y, depth); !ok {
				return LimitSource{}, false // n % 100 is below 100
			}
			return c.unbounded(x.X, depth)
		}
	}
	return LimitSource{}, false
}

// replyCalls returns the command calls whose reply e is: the call itself
// or, for a local, the calls among the values reaching the read.
func (c *limitChecker) replyCalls(e luaast.Expr, depth int) []*RedisCall {
	return ReplyCalls(c.calls, c.origins, e, depth)
}

// checkedBefore reports whether fn compares a value the bound is computed
// from (or the loop variable) with a bound before loop ends: "if n > 1000
// then", "assert(n <= max)", "if i > 100 then break end". Comparisons with
// 0 or 1 (n < 1, n > 0) check the sign, not a maximum, and do not count;
// nor does the condition of an if the loop runs under when it only says
// the value is large enough (if n > 5 then for i = 1, n ...).
func (c *limitChecker) checkedBefore(fn *luaast.FunctionExpr, loop luaast.Stmt) bool {
	idx := c.ctx.comparisonsOf(fn)
	end := loop.End()
	var lower map[*luaast.BinaryExpr]bool // made on first need
	check := func(list []*luaast.BinaryExpr) bool {
		for _, b := range list {
			if b.Pos() >= end {
				break // sorted by position
			}
			lx, rx := c.mentions(b.X), c.mentions(b.Y)
			if !(lx && !rx && !signLiteral(b.Y) || rx && !lx && !signLiteral(b.X)) {
				continue
			}
			// A test the loop runs under that only says the value is
			// large enough (if have < want then for _ = 1, want - have)
			// bounds it from below: no clamp.
			if b.Op == luaast.OpLt || b.Op == luaast.OpLe || b.Op == luaast.OpGt || b.Op == luaast.OpGe {
				if lower == nil {
					lower = c.lowerBoundGuards(loop)
				}
				if lower[b] && (lx == (b.Op == luaast.OpGt || b.Op == luaast.OpGe)) {
					continue
				}
			}
			return true
		}
		return false
	}
	for v := range c.vars {
		if check(idx.byVar[v]) {
			return true
		}
	}
	for t := range c.texts {
		if check(idx.byText[t]) {
			return true
		}
	}
	return false
}

// lowerBoundGuards returns the ordering comparisons that guard loop: the
// conditions (or conjuncts of and) of the if clauses, in loop's function,
// whose body holds loop. Which side such a comparison bounds from below is
// the caller's to tell.
func (c *limitChecker) lowerBoundGuards(loop luaast.Stmt) map[*luaast.BinaryExpr]bool {
	out := map[*luaast.BinaryExpr]bool{}
	var add func(e luaast.Expr)
	add = func(e luaast.Expr) {
		if b, ok := luaast.Unparen(e).(*luaast.BinaryExpr); ok {
			if b.Op == luaast.OpAnd {
				add(b.X)
				add(b.Y)
				return
			}
			out[b] = true
		}
	}
	GuardedBy(Inspector(c.pass), loop, func(cond luaast.Expr) bool {
		add(cond)
		return false // every enclosing clause
	})
	return out
}

// comparisonIndex lists the ordering comparisons (<, <=, >, >=) of a
// function by the locals and the element/call expressions (by source
// text) their operands read, each list in source order. It keeps the
// clamp search linear in what a bound is computed from, not in the size
// of the function.
type comparisonIndex struct {
	byVar  map[*luaast.Variable][]*luaast.BinaryExpr
	byText map[string][]*luaast.BinaryExpr
}

// mentions reports whether e reads a tracked variable or expression.
func (c *limitChecker) mentions(e luaast.Expr) bool {
	found := false
	InspectSameFunc(e, func(n luaast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *luaast.Ident:
			if x.Var != nil && c.vars[x.Var] {
				found = true
			}
		case *luaast.IndexExpr, *luaast.CallExpr, *luaast.FieldExpr:
			if len(c.texts) > 0 && c.texts[string(c.pass.File.Src[x.Pos():x.End()])] { // no string made for the lookup
				found = true
			}
		}
		return !found
	})
	return found
}

// replyName names the reply a value comes from for messages.
func replyName(o Origin) string {
	if cmds, complete := o.ReplyCommands(); complete && len(cmds) == 1 {
		return "the " + QuoteName(cmds[0]) + " reply"
	}
	return "a command reply"
}

// signLiteral reports whether e is a numeric literal at most 1: a
// comparison with it checks the sign or emptiness, not a maximum.
func signLiteral(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.NumberLit:
		return x.Value <= 1
	case *luaast.UnaryExpr:
		if n, ok := luaast.Unparen(x.X).(*luaast.NumberLit); ok && x.Op == luaast.OpNeg {
			return -n.Value <= 1
		}
	}
	return false
}

// IndexesRequest reports whether the body of loop s (in its own function)
// reads a KEYS or ARGV element at an index that grows with the loop
// variable (KEYS[i], ARGV[i + 1], ARGV[offset + (i - 1) * 2]) or with a
// counter the body advances every round (index = index + 2 beside
// ARGV[index]): the count is then meant to be the number of keys or
// arguments the caller passed, so the request bounds the loop as it
// bounds a variadic command.
func IndexesRequest(ctx *LoopBounds, s *luaast.NumericForStmt) bool {
	if s.Body == nil || s.Var == nil || s.Var.Var == nil {
		return false
	}
	grows := []*luaast.Variable{s.Var.Var}
	for _, st := range s.Body.Stmts {
		if w := advancedCounter(st); w != nil {
			grows = append(grows, w)
		}
	}
	found := false
	InspectSameFunc(s.Body, func(n luaast.Node) bool {
		if found {
			return false
		}
		if ix, ok := n.(*luaast.IndexExpr); ok {
			for _, v := range grows {
				if inputIndexedBy(ix, v) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// ComparedWithRequestSize reports whether, before loop s in its function,
// the values its bound is computed from are compared (==, ~=, <, <=, >,
// >=) with an expression of #KEYS or #ARGV (if n * 2 ~= #ARGV then return
// ... end): the count is then tied to the request's size.
func ComparedWithRequestSize(ctx *LoopBounds, s *luaast.NumericForStmt, bound luaast.Expr) bool {
	var c limitChecker
	c.init(ctx, nil)
	if _, ok := c.unbounded(bound, 0); !ok {
		return false
	}
	fn := ctx.info.EnclosingFunc(s)
	if fn == nil {
		return false
	}
	found := false
	InspectSameFunc(fn.Body, func(n luaast.Node) bool {
		if found || n.Pos() >= s.Pos() {
			return false
		}
		b, ok := n.(*luaast.BinaryExpr)
		if !ok {
			return true
		}
		switch b.Op {
		case luaast.OpEq, luaast.OpNe, luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
			if c.mentions(b.X) && requestSize(b.Y) || c.mentions(b.Y) && requestSize(b.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// advancedCounter returns the local that statement st advances by a
// positive number (index = index + 2), or nil.
func advancedCounter(st luaast.Stmt) *luaast.Variable {
	a, ok := st.(*luaast.AssignStmt)
	if !ok || len(a.Targets) != 1 || len(a.Exprs) != 1 {
		return nil
	}
	w, ok := a.Targets[0].(*luaast.Ident)
	if !ok || w.Var == nil {
		return nil
	}
	b, ok := luaast.Unparen(a.Exprs[0]).(*luaast.BinaryExpr)
	if !ok || b.Op != luaast.OpAdd {
		return nil
	}
	for _, side := range [2][2]luaast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		id, isID := luaast.Unparen(side[0]).(*luaast.Ident)
		n, isNum := luaast.Unparen(side[1]).(*luaast.NumberLit)
		if isID && id.Var == w.Var && isNum && n.Value > 0 {
			return w.Var
		}
	}
	return nil
}

// requestSize reports whether e reads #KEYS or #ARGV.
func requestSize(e luaast.Expr) bool {
	found := false
	InspectSameFunc(e, func(n luaast.Node) bool {
		if u, ok := n.(*luaast.UnaryExpr); ok && u.Op == luaast.OpLen {
			if id, ok := luaast.Unparen(u.X).(*luaast.Ident); ok && id.Var == nil && (id.Name == "KEYS" || id.Name == "ARGV") {
				found = true
			}
		}
		return !found
	})
	return found
}

// inputIndexedBy reports whether e is KEYS[k] or ARGV[k] with an index
// that grows with v (KEYS[i], ARGV[i + 1], ARGV[2 * i]): one that can
// wrap around (KEYS[i % 2 + 1]) would never run past the last element.
func inputIndexedBy(e luaast.Expr, v *luaast.Variable) bool {
	ix, ok := luaast.Unparen(e).(*luaast.IndexExpr)
	if !ok {
		return false
	}
	t, ok := luaast.Unparen(ix.X).(*luaast.Ident)
	if !ok || t.Var != nil || (t.Name != "KEYS" && t.Name != "ARGV") {
		return false
	}
	return growsWith(ix.Key, v)
}

// growsWith reports whether e is v, or v plus or minus an offset that
// does not read v (a number, a local: argOffset + i), or v times a
// positive number literal, nested.
func growsWith(e luaast.Expr, v *luaast.Variable) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.Ident:
		return x.Var == v
	case *luaast.BinaryExpr:
		num := func(e luaast.Expr) (float64, bool) {
			n, ok := luaast.Unparen(e).(*luaast.NumberLit)
			if !ok {
				return 0, false
			}
			return n.Value, true
		}
		switch x.Op {
		case luaast.OpAdd:
			if offsetWithout(x.Y, v) && growsWith(x.X, v) {
				return true
			}
			return offsetWithout(x.X, v) && growsWith(x.Y, v)
		case luaast.OpSub:
			return offsetWithout(x.Y, v) && growsWith(x.X, v)
		case luaast.OpMul:
			if n, ok := num(x.Y); ok && n > 0 && growsWith(x.X, v) {
				return true
			}
			n, ok := num(x.X)
			return ok && n > 0 && growsWith(x.Y, v)
		}
	}
	return false
}

// offsetWithout reports whether e is a number literal or a local (an
// offset such as argOffset) other than v: adding it keeps an index
// growing with v.
func offsetWithout(e luaast.Expr, v *luaast.Variable) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.NumberLit:
		return true
	case *luaast.Ident:
		return x.Var != nil && x.Var != v
	}
	return false
}

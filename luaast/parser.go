package luaast

import (
	"strconv"
	"strings"
	"unsafe"
)

// Lua 5.1 limits (luaconf.h / llimits.h) that the compiler enforces.
const (
	maxCCalls   = 200    // LUAI_MAXCCALLS: syntax nesting levels
	maxVars     = 200    // LUAI_MAXVARS: active locals per function
	maxUpvalues = 60     // LUAI_MAXUPVALUES
	maxStack    = 250    // MAXSTACK: registers per function
	fieldsFlush = 50     // LFIELDS_PER_FLUSH: list items kept in registers
	maxJump     = 131071 // MAXARG_sBx: the longest jump, in instructions
	maxConsts   = 262143 // MAXARG_Bx: constants per function
)

// Parse parses src as a Lua 5.1 chunk as Redis loads it. It always returns
// a File (with Lines set); on syntax errors the error is an ErrorList and
// the tree may be partial.
//
// Parsing stops at the first syntax error, which is reported at the token
// Lua 5.1 complains about, worded as Lua 5.1 words it (constructs of Lua
// 5.2 and later get a message naming them, with Error.Lua52 set).
//
// The File keeps src (File.Src), and the names and strings of the tree
// share its memory: src must not be modified after Parse.
func Parse(filename string, src []byte) (*File, error) {
	ps := Parser{oneShot: true}
	return ps.Parse(filename, src)
}

// Parser parses scripts one after another, reusing the memory of each
// tree for the next one: a program that lints many files, one at a time
// per goroutine, allocates (and so faults in and collects) far less than
// with Parse. The zero Parser is ready to use; a Parser must not be used
// by two goroutines at once.
//
// A File returned by Parser.Parse is valid only until the next call of
// Parse on the same Parser: then the File, its nodes, variables and
// Globals and Comments lists are overwritten by the next script's. What
// is not reused stays valid: a copy of the File's LineIndex (the value
// *f.Lines, not the pointer), and the names, comment texts and string
// values, which are strings of their own. So results that keep only
// those, offsets and copies may outlive the tree.
type Parser struct {
	// top, scratch and chunks are the previous parse's File objects,
	// parser stacks and node chunks, zeroed again before reuse; chunks
	// is only used for short scripts (see smallScript).
	top     *fileTop
	scratch *scratch
	chunks  []nodeChunk
	// dirty is how many of chunks the previous parse may have written.
	dirty int
	// globals and comments are the backing arrays of the previous
	// File's Globals and Comments (nil when they grew past maxKeptList);
	// only their first globalsUsed and commentsUsed elements may be
	// non-zero.
	globals      []*Ident
	comments     []*Comment
	globalsUsed  int
	commentsUsed int
	// oneShot is set for the package's Parse, whose memory is not
	// reused: it sizes the node chunks tighter (see chunksFor).
	oneShot bool
	// lineBuf is the lexer's buffer of line starts (see finishLines).
	lineBuf []Pos
}

// Parse parses src as the package function Parse does, reusing the
// memory of the previous File returned by ps, which becomes invalid.
func (ps *Parser) Parse(filename string, src []byte) (f *File, err error) {
	// The File, its main function, block and line index come from one
	// allocation (a short script's tree has few other objects).
	top := ps.top
	if top == nil {
		top = &fileTop{}
		ps.top = top
	} else {
		*top = fileTop{}
	}
	f = &top.file
	// The line starts are collected by the lexer (see finishLines).
	top.lines.src = src
	f.Name, f.Src, f.Lines = filename, src, &top.lines
	p := &parser{file: f, fromAhead: NoPos}
	p.src = src
	// The lexer's buffer of line starts (about one line per 30 bytes
	// of typical scripts): a short script's goes to a buffer the Parser
	// keeps, copied out at the end; a long one's becomes the index.
	if ps.oneShot || len(src) > maxLineBufSource {
		p.lines, p.linesOwned = make([]Pos, 1, len(src)/24+8), true
	} else {
		if cap(ps.lineBuf) < len(src)/24+8 {
			ps.lineBuf = make([]Pos, 0, maxLineBufSource/24+8)
		}
		p.lines = ps.lineBuf[:1]
		p.lines[0] = 0
	}
	// Token texts are substrings of src itself, not of a copy: File.Src
	// already holds src and must not change, and a copy would add the
	// whole source to the bytes allocated (and so to GC pressure).
	p.s = unsafe.String(unsafe.SliceData(src), len(src)) //nolint:gosec // src is never modified while the tree lives (Parse's contract)
	p.line = 1
	if ps.comments != nil {
		clear(ps.comments[:ps.commentsUsed])
		p.comments = ps.comments[:0]
	} else {
		p.comments = make([]*Comment, 0, max(8, len(src)/300))
	}
	if ps.globals != nil {
		clear(ps.globals[:ps.globalsUsed])
		p.globalsBuf = ps.globals[:0]
	}
	// Reused chunks are cleared first, so that slabs hand out zeroed
	// nodes as from fresh memory: only those a slab took, since the
	// Parser takes more chunks than a typical script fills and clearing
	// memory that holds pointers costs a write barrier per pointer while
	// the GC is marking. (Clearing only the arrays taken in each chunk
	// was tried: one clear per array cost more than it saved.)
	for i := range ps.chunks[:ps.dirty] {
		c := &ps.chunks[i]
		if !c.touched {
			break
		}
		*c = nodeChunk{}
	}
	ps.dirty = 0
	if len(src) <= smallScript {
		n := chunksFor(len(src))
		if !ps.oneShot {
			// Reused memory costs no new pages: take enough chunks
			// that the nodes of a denser than typical script still fit
			// (each overflow is an allocation of its own).
			n = len(src)/chunkSource + 2
		}
		if cap(ps.chunks) < n {
			ps.chunks = make([]nodeChunk, n)
		}
		pre := ps.chunks[:n]
		ps.dirty = n
		p.usePre(pre)
		p.commentSlab.usePre(pre, func(c *nodeChunk) []Comment { return c.comments[:] })
	} else {
		// Only a long script's slabs start with hinted chunks (usePre
		// makes the slabs of a short one size their chunks after the
		// preallocated ones from what was used).
		p.presize(len(src))
		p.commentSlab.hint((len(src)*30 + 10239) / 10240)
	}
	sc := ps.scratch
	if sc == nil {
		sc = new(scratch)
		ps.scratch = sc
	} else {
		*sc = scratch{}
	}
	p.scratch = sc
	p.actives = sc.actives[:0]
	p.scopes = sc.scopes[:0]
	p.chunkMarks = sc.chunkMarks[:0]
	p.varStack = sc.varStack[:0]
	p.stmts.stack = sc.stmts[:0]
	p.exprs.stack = sc.exprs[:0]
	p.names.stack = sc.names[:0]
	p.tflist.stack = sc.tfields[:0]
	p.clauseList.stack = sc.clauses[:0]
	p.fsFree = sc.fsFree[:0]
	// The tree always has a main function and block, even on errors.
	top.block = Block{Start: 0, EndPos: Pos(len(src))}
	top.main = FunctionExpr{Function: 0, IsVararg: true, Body: &top.block, EndPos: Pos(len(src)) - 3}
	f.Block, f.Main = &top.block, &top.main
	p.shebang()
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			f.Comments = p.comments
			// Keep the main chunk's statements completed before the error.
			if len(p.chunkMarks) > 0 {
				end := len(p.stmts.stack)
				if len(p.chunkMarks) > 1 {
					end = p.chunkMarks[1]
				}
				f.Block.Stmts = append([]Stmt(nil), p.stmts.stack[:end]...)
			}
			err = p.errs
		}
		if !ps.oneShot {
			ps.keep(p)
		}
	}()
	p.parseFile()
	p.finishLines()
	if !p.linesOwned && cap(p.lines) <= maxLineBufSource/8 {
		// Keep the (maybe grown) buffer; the File has its own copy.
		ps.lineBuf = p.lines[:0]
	}
	f.Comments = p.comments
	return f, nil
}

// maxLineBufSource is the longest source whose line starts go to the
// Parser's reused buffer (see Parser.Parse): the buffer stays small, and a
// long script's index is not copied.
const maxLineBufSource = 64 << 10

// maxKeptList is the capacity above which a Globals or Comments array is
// not kept for the next parse: after one large file, every later (mostly
// small) file would otherwise start from, and clear, a large array.
const maxKeptList = 1 << 12

// keep saves the lists of p that the next parse may reuse. They are
// cleared by the next parse, not here: the File returned by this one
// still uses them.
func (ps *Parser) keep(p *parser) {
	ps.comments, ps.commentsUsed = nil, 0
	if c := p.comments; cap(c) <= maxKeptList {
		ps.comments, ps.commentsUsed = c, len(c)
	}
	g := p.file.Globals
	if cap(g) == 0 {
		// No global: the kept array (if any) was cleared by this parse
		// and left untouched.
		ps.globalsUsed = 0
		return
	}
	ps.globals, ps.globalsUsed = nil, 0
	if cap(g) <= maxKeptList {
		ps.globals, ps.globalsUsed = g, len(g)
	}
}

// fileTop holds the objects every parse makes.
type fileTop struct {
	file  File
	main  FunctionExpr
	block Block
	lines LineIndex
}

// bailout is the panic value that ends a parse at its first error.
type bailout struct{}

type parser struct {
	lexer
	nodeAlloc
	// file is the File being built. The parser itself stays on Parse's
	// stack (nothing may keep a pointer to it, not even a stored method
	// value): its per-token field writes then need no GC write barrier.
	file *File

	tok   token // current token (ls->t)
	ahead token // lookahead (ls->lookahead), valid while lexer.off < 0
	// aheadOff is the lexer's offset after ahead while it is valid.
	aheadOff int
	// prevKind and prevEnd are the kind and end of the previous token.
	prevKind tokKind
	// fromAhead is the offset of the last token next took from ahead
	// (NoPos: none yet).
	fromAhead Pos
	prevEnd   Pos

	// level is L->nCcalls during parsing (LUAI_MAXCCALLS bound).
	level int

	fs *funcState
	// scopes is the stack of open block scopes of all functions.
	scopes []blockScope
	// actives is the stack of visible local variables of the function
	// being parsed and all its enclosing functions, with their names and
	// name keys inline (a lookup follows keyHead's chain through it).
	actives []active
	// nameIdx maps a name to the index in actives of its innermost
	// visible variable, and prevSame links each entry to the previous one
	// of the same name. They exist only while many locals are visible
	// (deeply nested functions), keeping name lookup O(1) there even when
	// thousands of entries share a name key (a long keyHead chain); short
	// stacks use the chains.
	nameIdx  map[string]int32
	prevSame []int32
	// keyHead chains the actives by keyBucket of their name key: it holds
	// one plus the index of the innermost active of each bucket (0: none),
	// and each active's prev the same for the next one down. A lookup
	// visits only the actives of its name's bucket (mostly none or the
	// one it wants) instead of scanning the stack from the top.
	keyHead [256]int32
	// scratch holds the initial backing arrays of the parser's stacks.
	scratch *scratch

	// varStack is scratch space for the variables of a declaration.
	varStack []*Variable
	// fsFree holds closed funcStates for reuse.
	fsFree []*funcState

	// globalsBuf is a zeroed backing array for File.Globals reused from
	// the previous parse (see Parser).
	globalsBuf []*Ident

	// chunkMarks holds the statement-stack mark of each open chunk, to
	// recover the main chunk's statements after an error.
	chunkMarks []int

	errs ErrorList

	// linesOwned is set when lines is not the Parser's buffer, and
	// shebangCR when the shebang line holds a '\r' (see finishLines).
	linesOwned bool
	shebangCR  bool
}

// finishLines sets the File's line index from the line starts the lexer
// collected, once it has lexed the whole source. The index outlives the
// Parser's reuse of its memory (see Parser), so a reused buffer is copied
// out. When the lexer did not see every line break (a shebang line with a
// '\r', which Redis hands to no lexer), the index is computed from the
// source instead, as after a syntax error (see failAt).
func (p *parser) finishLines() {
	li := p.file.Lines
	if li.starts != nil {
		return
	}
	switch {
	case p.shebangCR:
		li.starts = lineStarts(p.src)
	case p.linesOwned:
		li.starts = p.lines
	default:
		li.starts = append(make([]Pos, 0, len(p.lines)), p.lines...)
	}
}

// active is one visible local variable.
type active struct {
	key  uint32 // nameKey(name)
	prev int32  // keyHead's value before this active was pushed
	name string
	v    *Variable
}

// scratch holds the initial backing arrays of the parser's internal
// stacks, sized for typical scripts: one allocation per parse instead of
// one growing allocation per stack (which dominates parsing a short
// script). Deeper nesting grows the stacks as usual. The sizes cover
// the deepest stacks of about 95% of the 1,100 short scripts of
// BenchmarkParseSmallFiles (measured): larger ones would add bytes to
// every parse, and bytes allocated cost page faults and GC time.
type scratch struct {
	actives    [24]active
	scopes     [8]blockScope
	chunkMarks [8]int
	varStack   [8]*Variable
	stmts      [16]Stmt
	exprs      [12]Expr
	names      [8]*Ident
	tfields    [8]*TableField
	clauses    [4]*IfClause
	funcs      [4]funcState
	nfuncs     int // funcs handed out
	fsFree     [4]*funcState
}

// funcState is the per-function parse state (lparser.c's FuncState).
type funcState struct {
	fn          *FunctionExpr
	parent      *funcState
	base        int // index in parser.actives of this function's first local
	nactvar     int // active locals incl. hidden for-loop state (limit check)
	lineDefined int // 0 for the main chunk
	isVararg    bool
	firstBlock  int // index in parser.scopes of this function's outermost block
	// regs is a lower bound of the temporary registers in use above the
	// locals (Lua's freereg - nactvar), enough to detect "function or
	// expression too complex" for argument, return and list values without
	// ever reporting it where Lua would not.
	regs int
	// pc is a lower bound of the instructions emitted so far (calls,
	// stores, returns...), enough to detect "control structure too long"
	// for huge blocks without ever reporting it where Lua would not.
	pc int
	// kBase is constNodes when the function was opened, and kNested the
	// constNodes of the functions nested in it: constNodes - kBase -
	// kNested is an upper bound of the function's own constants, so that
	// they are only counted (countConstants) for a function that might
	// overflow the table. Counted from the node slabs rather than per
	// token in next, which runs far more often than a function closes.
	kBase   int
	kNested int
}

// blockScope is lparser.c's BlockCnt.
type blockScope struct {
	nactvar     int
	nvisible    int
	isBreakable bool
}

// ---------------------------------------------------------------------------
// Errors

func (p *parser) lexError(pos, end Pos, msg, near string, lua52 bool) {
	if near != "" && !lua52 {
		msg += " near '" + cString(near) + "'"
	}
	p.failAt(pos, end, msg, lua52)
}

// failAt records an error for the span [pos, end) and ends the parse.
// Lua 5.1 (and so Redis) reports the lexer's line, where the offending
// token ends; when the token began on an earlier line (a multi-line
// string), the error starts at the beginning of that last line instead, so
// that Line and Column always describe Pos.
func (p *parser) failAt(pos, end Pos, msg string, lua52 bool) {
	lines := p.file.Lines
	if lines.starts == nil {
		// The lexer stopped early: index the whole source.
		lines.starts = lineStarts(p.src)
	}
	lp := lines.Position(pos)
	if p.line > lp.Line && p.line <= lines.LineCount() {
		if start := lines.LineStart(p.line); start <= end {
			pos = start
			lp = lines.Position(pos)
		}
	}
	p.errs = append(p.errs, &Error{
		Filename: p.file.Name, Pos: pos, End: end, Line: lp.Line, Column: lp.Column,
		Msg: msg, Lua52: lua52,
	})
	panic(bailout{})
}

// cString cuts s at its first NUL, as Lua's "%s" formatting does, and
// turns line breaks into spaces, as Redis does in error replies (keeping
// every message on one line).
func cString(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			s = s[:i]
			break
		}
	}
	if strings.ContainsAny(s, "\r\n") {
		b := []byte(s) // bytewise: s need not be valid UTF-8
		for i, c := range b {
			if c == '\r' || c == '\n' {
				b[i] = ' '
			}
		}
		s = string(b)
	}
	return s
}

// tokNear is txtToken: the text Lua quotes for the current token.
func (p *parser) tokNear(t *token) string {
	switch t.kind {
	case tName, tNumber:
		return p.s[t.pos:t.end]
	case tString:
		return stringNear(t, p.s)
	}
	return kindText(t.kind)
}

// syntaxError is luaX_syntaxerror: msg near the current token, unless the
// token shows a construct of a later Lua, which gets its own message.
func (p *parser) syntaxError(msg string) {
	if m, pos, end, ok := p.lua52Hint(); ok {
		p.failAt(pos, end, m, true)
	}
	t := &p.tok
	if t.pos == 0 && len(p.src) >= 3 && p.src[0] == 0xEF && p.src[1] == 0xBB && p.src[2] == 0xBF {
		// Lua 5.1's loadbuffer does not skip a byte order mark; Redis
		// reports "unexpected symbol near '\xEF'". Say what it is.
		p.failAt(0, 3, "unexpected symbol near the UTF-8 byte order mark that starts the script: Redis does not skip it (save the file without BOM)", false)
	}
	if t.kind != 0 { // a NUL byte token prints nothing (C string)
		msg += " near '" + cString(p.tokNear(t)) + "'"
	}
	p.failAt(t.pos, t.end, msg, false)
}

// limitError is errorlimit: reported without a "near" part.
func (p *parser) limitError(fs *funcState, limit int, what string, pos, end Pos) {
	var msg string
	if fs.lineDefined == 0 {
		msg = "main function has more than " + strconv.Itoa(limit) + " " + what
	} else {
		msg = "function at line " + strconv.Itoa(fs.lineDefined) + " has more than " + strconv.Itoa(limit) + " " + what
	}
	p.failAt(pos, end, msg, false)
}

func (p *parser) errorExpected(k tokKind) {
	p.syntaxError("'" + kindText(k) + "' expected")
}

// ---------------------------------------------------------------------------
// Token handling

// lookahead returns the token after the current one (luaX_lookahead).
// It is rare (a name starting a table field), so it reuses next, which
// lexes into p.tok, and then undoes next's bookkeeping.
func (p *parser) lookahead() *token {
	if p.off >= 0 {
		cur, prevKind, prevEnd := p.tok, p.prevKind, p.prevEnd
		p.next()
		p.ahead, p.tok = p.tok, cur
		p.prevKind, p.prevEnd = prevKind, prevEnd
		// next takes the token back from ahead when it sees the
		// negative offset (one test fewer per token than a flag).
		p.aheadOff, p.off = p.off, -1
	}
	return &p.ahead
}

func (p *parser) testNext(k tokKind) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	return false
}

func (p *parser) check(k tokKind) {
	if p.tok.kind != k {
		p.errorExpected(k)
	}
}

// checkNext checks for k, consumes it and returns its position.
func (p *parser) checkNext(k tokKind) Pos {
	p.check(k)
	pos := p.tok.pos
	p.next()
	return pos
}

// checkMatch is check_match: what closes who opened at line where.
func (p *parser) checkMatch(what, who tokKind, where int) Pos {
	if p.tok.kind != what {
		if where == p.line {
			p.errorExpected(what)
		}
		p.syntaxError("'" + kindText(what) + "' expected (to close '" + kindText(who) + "' at line " + strconv.Itoa(where) + ")")
	}
	pos := p.tok.pos
	p.next()
	return pos
}

func (p *parser) checkName() *Ident {
	p.check(tName)
	id := p.idents.new()
	id.NamePos, id.Name = p.tok.pos, p.s[p.tok.pos:p.tok.end]
	p.next()
	return id
}

func (p *parser) enterLevel() {
	p.level++
	if p.level > maxCCalls {
		p.failAt(p.tok.pos, p.tok.end, "chunk has too many syntax levels", false)
	}
}

func (p *parser) leaveLevel() { p.level-- }

func blockFollow(k tokKind) bool {
	switch k {
	case tElse, tElseif, tEnd, tUntil, tEOF:
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// Shebang

// shebang parses a first line starting with "#!" into File.Shebang and
// makes the lexer start after it. Redis ends the shebang at the first '\n'
// (a '\r' before it belongs to the line) and hands Lua the rest starting
// with that '\n', so line numbers still count the shebang as line 1.
func (p *parser) shebang() {
	src := p.src
	if len(src) < 2 || src[0] != '#' || src[1] != '!' {
		return
	}
	end := 0
	for end < len(src) && src[end] != '\n' {
		end++
	}
	p.file.Shebang = parseShebang(p.s[:end], end < len(src))
	p.off = end
	// A '\r' in the line is a line break the lexer never sees.
	p.shebangCR = strings.IndexByte(p.s[:end], '\r') >= 0
}

// parseShebang splits a shebang line into words separated by blanks, as
// Redis's sdssplitargs does for the unquoted words it expects.
func parseShebang(line string, hasNewline bool) *Shebang {
	text := line
	for text != "" && text[len(text)-1] == '\r' {
		text = text[:len(text)-1]
	}
	sb := &Shebang{Span: Span{0, Pos(len(text))}, Text: text, HasNewline: hasNewline}
	isBlank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }
	first := true
	for i := 0; i < len(text); {
		if isBlank(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && !isBlank(text[j]) {
			j++
		}
		word := text[i:j]
		if first {
			sb.Engine = word[2:]
			first = false
		} else {
			opt := ShebangOption{Span: Span{Pos(i), Pos(j)}, Key: word}
			if k := strings.IndexByte(word, '='); k >= 0 {
				opt.Key, opt.Value, opt.HasValue = word[:k], word[k+1:], true
			}
			sb.Options = append(sb.Options, opt)
		}
		i = j
	}
	return sb
}

// ---------------------------------------------------------------------------
// Functions and scopes

func (p *parser) openFunc(fn *FunctionExpr, lineDefined int) {
	var fs *funcState
	if n := len(p.fsFree); n > 0 {
		fs = p.fsFree[n-1]
		p.fsFree = p.fsFree[:n-1]
	} else if sc := p.scratch; sc != nil && sc.nfuncs < len(sc.funcs) {
		fs = &sc.funcs[sc.nfuncs]
		sc.nfuncs++
	} else {
		fs = new(funcState)
	}
	*fs = funcState{fn: fn, parent: p.fs, base: len(p.actives), lineDefined: lineDefined, firstBlock: len(p.scopes), kBase: p.constNodes()}
	if p.fs != nil {
		fn.Parent = p.fs.fn
		if p.fs.fn == p.file.Main {
			fn.Parent = nil
		}
	}
	p.fs = fs
}

// constNodes is the number of names, strings and numbers parsed so far:
// each becomes an Ident, StringLit or NumberLit node, and every constant
// of a function (a global, field or method name, a string, a number) is
// one of them.
func (p *parser) constNodes() int {
	return p.idents.count() + p.strs.count() + p.numbers.count()
}

// checkConstants reports a function with more constants than Lua 5.1's
// instruction format can address. Lua raises it when adding the constant;
// Redis's message carries no line, and we report it at the function's end.
func (p *parser) checkConstants() {
	fs := p.fs
	if p.constNodes()-fs.kBase-fs.kNested > maxConsts && countConstants(fs.fn) > maxConsts {
		p.failAt(p.tok.pos, p.tok.end, "constant table overflow", false)
	}
}

// countConstants returns a lower bound of the distinct constants of fn's
// own code (not its nested functions): global, field and method names,
// string literals, and number literals used directly as values (numbers
// under operators may be folded away).
func countConstants(fn *FunctionExpr) int {
	strs := map[string]struct{}{}
	nums := map[float64]struct{}{}
	num := func(x Expr) {
		if n, ok := x.(*NumberLit); ok {
			nums[n.Value] = struct{}{}
		}
	}
	nums2 := func(list []Expr) {
		for _, x := range list {
			num(x)
		}
	}
	Inspect(fn.Body, func(n Node) bool {
		switch n := n.(type) {
		case *FunctionExpr:
			return false
		case *Ident:
			if n.Var == nil {
				strs[n.Name] = struct{}{}
			}
		case *StringLit:
			strs[n.Value] = struct{}{}
		case *CallExpr:
			nums2(n.Args)
		case *MethodCallExpr:
			nums2(n.Args)
		case *TableField:
			num(n.Value)
			if n.Key != nil {
				num(n.Key)
			}
		case *IndexExpr:
			num(n.Key)
		case *LocalStmt:
			nums2(n.Exprs)
		case *AssignStmt:
			nums2(n.Exprs)
		case *ReturnStmt:
			nums2(n.Exprs)
		case *GenericForStmt:
			nums2(n.Exprs)
		case *NumericForStmt:
			num(n.Start)
			num(n.Limit)
			if n.Step != nil {
				num(n.Step)
			} else {
				nums[1] = struct{}{}
			}
		}
		return n != nil
	})
	return len(strs) + len(nums)
}

func (p *parser) closeFunc() {
	p.truncateActives(p.fs.base)
	done := p.fs
	p.fs = p.fs.parent
	if p.fs != nil {
		p.fs.kNested += p.constNodes() - done.kBase
	}
	// funcStates are parser-internal: reuse them for later functions.
	*done = funcState{}
	p.fsFree = append(p.fsFree, done)
}

func (p *parser) enterBlock(breakable bool) {
	p.scopes = append(p.scopes, blockScope{nactvar: p.fs.nactvar, nvisible: len(p.actives), isBreakable: breakable})
}

func (p *parser) leaveBlock() {
	bl := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	p.fs.nactvar = bl.nactvar
	p.truncateActives(bl.nvisible)
}

// inLoop reports whether a breakable block of the current function is open.
func (p *parser) inLoop() bool {
	for i := len(p.scopes) - 1; i >= p.fs.firstBlock; i-- {
		if p.scopes[i].isBreakable {
			return true
		}
	}
	return false
}

// newLocal checks the local-variable limit for the n-th pending variable
// of a declaration (new_localvar) and makes its Variable.
func (p *parser) newLocal(id *Ident, kind VarKind, n int, scope *Block) *Variable {
	p.checkVarLimit(n)
	v := p.vars.new()
	// Field by field: the slab element is zero, and a whole-struct store
	// would take the GC's bulk write barrier.
	v.Name, v.Kind, v.Decl, v.Func, v.Scope = id.Name, kind, id, p.fs.fn, scope
	id.Var = v
	return v
}

func (p *parser) checkVarLimit(n int) {
	fs := p.fs
	if fs.nactvar+n+1 > maxVars {
		// Lua checks after reading the name: the error is at the token
		// after it (which decides the line Redis reports).
		p.limitError(fs, maxVars, "local variables", p.tok.pos, p.tok.end)
	}
}

// activate makes declared variables visible (adjustlocalvars), recording
// what each one shadows.
func (p *parser) activate(vars ...*Variable) {
	for _, v := range vars {
		v.Shadows = p.findVisible(v.Name)
		p.pushActive(v)
	}
	p.fs.nactvar += len(vars)
}

// Thresholds for building and dropping the name index (hysteresis keeps
// the rebuild cost amortised constant per push).
const (
	nameIdxBuild = 64
	nameIdxDrop  = 32
)

func (p *parser) pushActive(v *Variable) {
	key := nameKey(v.Name)
	head := &p.keyHead[keyBucket(key)]
	p.actives = append(p.actives, active{key: key, prev: *head, name: v.Name, v: v})
	*head = int32(len(p.actives))
	if p.nameIdx != nil {
		prev, ok := p.nameIdx[v.Name]
		if !ok {
			prev = -1
		}
		p.prevSame = append(p.prevSame, prev)
		p.nameIdx[v.Name] = int32(len(p.actives) - 1)
	} else if len(p.actives) > nameIdxBuild {
		p.nameIdx = make(map[string]int32, 2*nameIdxBuild)
		p.prevSame = p.prevSame[:0]
		for i := range p.actives {
			name := p.actives[i].name
			prev, ok := p.nameIdx[name]
			if !ok {
				prev = -1
			}
			p.prevSame = append(p.prevSame, prev)
			p.nameIdx[name] = int32(i)
		}
	}
}

func (p *parser) truncateActives(n int) {
	if p.nameIdx != nil {
		if n <= nameIdxDrop {
			p.nameIdx = nil
		} else {
			for i := len(p.actives) - 1; i >= n; i-- {
				if prev := p.prevSame[i]; prev >= 0 {
					p.nameIdx[p.actives[i].name] = prev
				} else {
					delete(p.nameIdx, p.actives[i].name)
				}
			}
			p.prevSame = p.prevSame[:n]
		}
	}
	// Innermost first: each bucket's head goes back to the active below.
	for i := len(p.actives) - 1; i >= n; i-- {
		a := &p.actives[i]
		p.keyHead[keyBucket(a.key)] = a.prev
	}
	// The stale entries above n are not cleared: they point into the
	// tree being built, which lives as long as the parse anyway.
	p.actives = p.actives[:n]
}

func (p *parser) findVisible(name string) *Variable {
	if p.nameIdx != nil {
		if i, ok := p.nameIdx[name]; ok {
			return p.actives[i].v
		}
		return nil
	}
	key := nameKey(name)
	for i := p.keyHead[keyBucket(key)]; i != 0; {
		a := &p.actives[i-1]
		if a.key == key && a.name == name {
			return a.v
		}
		i = a.prev
	}
	return nil
}

// keyBucket hashes a name key to one of 256 buckets.
func keyBucket(key uint32) uint8 { return uint8((key * 0x9E3779B1) >> 24) }

// nameKey packs a name's length and first and last bytes: equal names
// have equal keys, and most different names of one scope do not.
func nameKey(name string) uint32 {
	if name == "" {
		return 0
	}
	return uint32(len(name))<<16 | uint32(name[0])<<8 | uint32(name[len(name)-1])
}

// resolve binds a name reference to its variable (singlevar), recording
// upvalues in every function between the reference and the declaration.
func (p *parser) resolve(id *Ident, write bool) {
	v := p.findVisible(id.Name)
	if v == nil {
		if p.file.Globals == nil {
			// About one global reference per 50 bytes of typical scripts:
			// sizing for it avoids most regrowth copies.
			if cap(p.globalsBuf) > 0 {
				p.file.Globals = p.globalsBuf
			} else {
				p.file.Globals = make([]*Ident, 0, len(p.src)/48+4)
			}
		}
		p.file.Globals = append(p.file.Globals, id)
		return
	}
	id.Var = v
	v.Refs = p.appendRef(v.Refs, id)
	if write {
		v.Writes = p.appendRef(v.Writes, id)
	}
	if v.Func == p.fs.fn {
		return
	}
	v.Captured = true
	p.addUpvalue(p.fs, v)
}

// addUpvalue records v as an upvalue of fs and of every function between
// fs and v's function, outermost first as singlevaraux does.
func (p *parser) addUpvalue(fs *funcState, v *Variable) {
	if fs == nil || fs.fn == v.Func || hasVar(fs.fn.Upvalues, v) {
		return
	}
	p.addUpvalue(fs.parent, v)
	if len(fs.fn.Upvalues)+1 > maxUpvalues {
		p.limitError(fs, maxUpvalues, "upvalues", p.tok.pos, p.tok.end)
	}
	if fs.fn.Upvalues == nil {
		// Most functions have few upvalues: start with a short list
		// from the arena (append moves a longer one to the heap).
		fs.fn.Upvalues = p.upvals.alloc(4)[:0]
	}
	fs.fn.Upvalues = append(fs.fn.Upvalues, v)
}

// appendRef appends id to a variable's Refs or Writes list. The lists
// live in the refs arena, which is sized for the whole script (see
// slab.hint): a full list moves to a new one twice as long taken from the
// arena, not from the heap.
func (p *parser) appendRef(list []*Ident, id *Ident) []*Ident {
	if len(list) == cap(list) {
		grown := p.refs.alloc(max(4, 2*cap(list)))[:len(list)]
		copy(grown, list)
		list = grown
	}
	return append(list, id)
}

func hasVar(list []*Variable, v *Variable) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// popVars drops the scratch variables above mark, clearing them so that
// the stack keeps no stale pointers.
func (p *parser) popVars(mark int) {
	clear(p.varStack[mark:])
	p.varStack = p.varStack[:mark]
}

// ---------------------------------------------------------------------------
// Chunk and blocks

func (p *parser) parseFile() {
	f := p.file
	main, body := f.Main, f.Block
	p.openFunc(main, 0)
	p.fs.isVararg = true
	p.next() // the first token
	body.Start = p.tok.pos
	p.chunk(body)
	body.EndPos = Pos(len(p.src))
	main.EndPos = Pos(len(p.src)) - 3
	if p.tok.kind != tEOF {
		p.errorExpected(tEOF)
	}
	p.checkConstants()
	p.closeFunc()
}

// chunk parses statements until a block end (lparser.c chunk).
func (p *parser) chunk(b *Block) {
	p.enterLevel()
	mark := p.stmts.mark()
	p.chunkMarks = append(p.chunkMarks, mark)
	for !blockFollow(p.tok.kind) {
		p.fs.regs = 0
		s, last := p.statement(b)
		p.stmts.push(s)
		if p.tok.kind == ';' {
			if r, ok := s.(*ReturnStmt); ok {
				r.EndPos = p.tok.end
			}
			p.next()
		}
		if last {
			break
		}
	}
	b.Stmts = p.stmts.finish(mark)
	p.chunkMarks = p.chunkMarks[:len(p.chunkMarks)-1]
	p.leaveLevel()
}

// block parses a scoped, non-breakable block (lparser.c block); the block
// ends at the current token afterwards.
func (p *parser) block() *Block {
	b := p.blocks.new()
	b.Start = p.tok.pos
	p.enterBlock(false)
	p.chunk(b)
	p.leaveBlock()
	b.EndPos = p.tok.pos
	return b
}

// ---------------------------------------------------------------------------
// Statements

func (p *parser) statement(b *Block) (Stmt, bool) {
	line := p.line
	switch p.tok.kind {
	case tIf:
		return p.ifStat(line), false
	case tWhile:
		pos := p.tok.pos
		p.next()
		start := p.fs.pc
		cond := p.expr()
		p.checkNext(tDo)
		body := p.loopBlock()
		p.fs.pc++                    // the jump back
		p.checkJump(p.fs.pc - start) // fixed at once: Lua reports it at "end"
		end := p.checkMatch(tEnd, tWhile, line)
		w := p.whiles.new()
		w.While, w.Cond, w.Body, w.EndPos = pos, cond, body, end
		return w, false
	case tDo:
		pos := p.tok.pos
		p.next()
		body := p.block()
		end := p.checkMatch(tEnd, tDo, line)
		d := p.dos.new()
		d.Do, d.Body, d.EndPos = pos, body, end
		return d, false
	case tFor:
		return p.forStat(line), false
	case tRepeat:
		return p.repeatStat(line), false
	case tFunction:
		return p.funcStat(line), false
	case tLocal:
		pos := p.tok.pos
		p.next()
		if p.tok.kind == tFunction {
			p.next()
			return p.localFunc(pos, b), false
		}
		return p.localStat(pos, b), false
	case tReturn:
		pos := p.tok.pos
		p.next()
		r := p.returns.new()
		r.Return, r.EndPos = pos, pos+6
		p.fs.pc++ // OP_RETURN
		if !blockFollow(p.tok.kind) && p.tok.kind != ';' {
			r.Exprs = p.exprList()
			p.setMultRet(r.Exprs)
			if len(r.Exprs) > 1 {
				p.placeLast(r.Exprs)
			}
			r.EndPos = r.Exprs[len(r.Exprs)-1].End()
		}
		return r, true
	case tBreak:
		pos := p.tok.pos
		p.next()
		if !p.inLoop() {
			p.syntaxError("no loop to break")
		}
		p.fs.pc++ // OP_JMP
		return put(&p.breaks, BreakStmt{Break: pos}), true
	}
	return p.exprStat(), false
}

// loopBlock is a breakable block (enterblock(fs, &bl, 1) + block()).
func (p *parser) loopBlock() *Block {
	p.enterBlock(true)
	b := p.block()
	p.leaveBlock()
	return b
}

func (p *parser) ifStat(line int) Stmt {
	s := p.ifs.new()
	s.ElsePos = NoPos
	mark := p.clauseList.mark()
	firstEscape := -1 // pc after the first jump to "end" (Lua's escapelist)
	pending := -1     // false-exit jump of the previous clause, fixed by the next code
	// lastJump is the body size of the last clause when its condition
	// jumps, else -1; every clause sets it.
	var lastJump int
	for {
		c := p.clauses.new()
		c.IfPos = p.tok.pos
		p.next()
		if pending >= 0 {
			p.checkJump(pending) // Lua reports it once the elseif emits code
		}
		c.Cond = p.expr()
		p.checkNext(tThen)
		start := p.fs.pc
		c.Body = p.block()
		p.clauseList.push(c)
		size := p.fs.pc - start
		more := p.tok.kind == tElseif || p.tok.kind == tElse
		if more {
			p.fs.pc++ // jump to "end"
			if firstEscape < 0 {
				firstEscape = p.fs.pc
			}
			size++
		}
		lastJump, pending = -1, -1
		if condJumps(c.Cond) {
			if more {
				pending = size
			} else {
				lastJump = size
			}
		}
		if p.tok.kind != tElseif {
			break
		}
	}
	s.Clauses = p.clauseList.finish(mark)
	if p.tok.kind == tElse {
		s.ElsePos = p.tok.pos
		p.next()
		if pending >= 0 {
			p.checkJump(pending)
		}
		s.Else = p.block()
	}
	s.EndPos = p.checkMatch(tEnd, tIf, line)
	// Jumps to the end are fixed when code after the statement is emitted.
	if lastJump >= 0 {
		p.checkJump(lastJump)
	}
	if firstEscape >= 0 {
		p.checkJump(p.fs.pc - firstEscape)
	}
	return s
}

func (p *parser) forStat(line int) Stmt {
	forPos := p.tok.pos
	p.enterBlock(true)
	p.next()
	name := p.checkName()
	var s Stmt
	switch p.tok.kind {
	case '=':
		// Hidden (for index), (for limit), (for step), then the variable.
		for i := range 3 {
			p.checkVarLimit(i)
		}
		body := p.blocks.new()
		v := p.newLocal(name, VarForNum, 3, body)
		p.next()
		fs := p.numfors.new()
		fs.For, fs.Var = forPos, name
		fs.Start = p.expr()
		p.reserveRegs(1)
		p.checkNext(',')
		fs.Limit = p.expr()
		p.reserveRegs(1)
		if p.testNext(',') {
			fs.Step = p.expr()
		}
		p.reserveRegs(1)
		p.forBody(body, v)
		fs.Body = body
		fs.EndPos = p.checkMatch(tEnd, tFor, line)
		s = fs
	case ',', tIn:
		for i := range 3 {
			p.checkVarLimit(i)
		}
		body := p.blocks.new()
		gs := p.genfors.new()
		gs.For = forPos
		// The names and variables are collected on scratch stacks; nested
		// functions in the expressions push above them and pop back.
		mark, vmark := p.names.mark(), len(p.varStack)
		p.names.push(name)
		p.varStack = append(p.varStack, p.newLocal(name, VarForIn, 3, body))
		for p.testNext(',') {
			id := p.checkName()
			p.varStack = append(p.varStack, p.newLocal(id, VarForIn, 3+len(p.varStack)-vmark, body))
			p.names.push(id)
		}
		gs.Names = p.names.finish(mark)
		p.checkNext(tIn)
		gs.Exprs = p.exprList()
		p.adjustAssign(3, gs.Exprs)
		p.forBody(body, p.varStack[vmark:]...)
		p.popVars(vmark)
		gs.Body = body
		gs.EndPos = p.checkMatch(tEnd, tFor, line)
		s = gs
	default:
		p.syntaxError("'=' or 'in' expected")
	}
	p.leaveBlock()
	return s
}

// forBody parses "do block" with the loop's hidden state and variables
// active; body is filled in place (the variables' Scope points to it).
func (p *parser) forBody(body *Block, vars ...*Variable) {
	p.fs.nactvar += 3 // hidden control variables, in the registers of the loop values
	p.fs.regs = 0
	p.checkNext(tDo)
	p.enterBlock(false)
	p.activate(vars...)
	body.Start = p.tok.pos
	start := p.fs.pc
	inner := p.block()
	body.Stmts = inner.Stmts
	body.EndPos = inner.EndPos
	p.leaveBlock()
	p.fs.pc++                    // OP_FORLOOP / OP_TFORLOOP
	p.checkJump(p.fs.pc - start) // reported at "end", as Lua does
}

func (p *parser) repeatStat(line int) Stmt {
	s := p.repeats.new()
	s.Repeat = p.tok.pos
	p.enterBlock(true)
	p.enterBlock(false)
	p.next()
	body := p.blocks.new()
	body.Start = p.tok.pos
	s.Body = body
	start := p.fs.pc
	p.chunk(body)
	body.EndPos = p.tok.pos
	s.Until = p.checkMatch(tUntil, tRepeat, line)
	s.Cond = p.expr()
	if condJumps(s.Cond) {
		p.checkJump(p.fs.pc - start + 1) // the jump back, after the body
	}
	p.leaveBlock()
	p.leaveBlock()
	return s
}

func (p *parser) funcStat(line int) Stmt {
	fnPos := p.tok.pos
	p.next()
	name := p.fnames.new()
	name.Root = p.checkName()
	p.resolve(name.Root, p.tok.kind != '.' && p.tok.kind != ':')
	needSelf := false
	mark := p.names.mark()
	for p.tok.kind == '.' {
		p.next()
		p.names.push(p.checkName())
	}
	name.Fields = p.names.finish(mark)
	if p.tok.kind == ':' {
		p.next()
		name.Method = p.checkName()
		needSelf = true
	}
	fn := p.body(fnPos, needSelf, line)
	p.fs.pc++ // OP_CLOSURE
	st := p.funcsts.new()
	st.Name, st.Func = name, fn
	return st
}

func (p *parser) localFunc(localPos Pos, b *Block) Stmt {
	fnPos := p.prevEnd - 8
	name := p.checkName()
	v := p.newLocal(name, VarLocalFunc, 0, b)
	p.activate(v)
	fn := p.body(fnPos, false, p.line)
	p.fs.pc++ // OP_CLOSURE
	st := p.lfuncs.new()
	st.Local, st.Name, st.Func = localPos, name, fn
	return st
}

func (p *parser) localStat(localPos Pos, b *Block) Stmt {
	s := p.locals.new()
	s.Local = localPos
	mark := p.names.mark()
	for n := 0; ; n++ {
		id := p.checkName()
		p.names.push(id)
		p.newLocal(id, VarLocal, n, b)
		if p.tok.kind == '<' {
			p.attribError()
		}
		if !p.testNext(',') {
			break
		}
	}
	s.Names = p.names.finish(mark)
	s.EndPos = s.Names[len(s.Names)-1].End()
	if p.testNext('=') {
		s.Exprs = p.exprList()
		s.EndPos = s.Exprs[len(s.Exprs)-1].End()
	}
	p.adjustAssign(len(s.Names), s.Exprs)
	for _, x := range s.Exprs {
		p.fs.pc += valueCost(x)
	}
	for _, id := range s.Names {
		p.activate(id.Var)
	}
	return s
}

func (p *parser) exprStat() Stmt {
	x := p.primaryExp()
	switch x.(type) {
	case *CallExpr, *MethodCallExpr:
		s := p.callst.new()
		s.Call = x
		return s
	}
	if id, ok := x.(*Ident); ok && id.Name == "goto" && p.tok.kind == tName {
		p.failAt(id.NamePos, p.tok.end, "goto statement is Lua 5.2 syntax: Redis runs Lua 5.1 (restructure the code with if, loops and break)", true)
	}
	s := p.assigns.new()
	mark := p.exprs.mark()
	p.exprs.push(x)
	for {
		if !assignable(x) {
			p.syntaxError("syntax error")
		}
		if !p.testNext(',') {
			break
		}
		x = p.primaryExp()
		if nvars, limit := len(p.exprs.stack)-mark, maxCCalls-p.level; nvars > limit {
			p.limitError(p.fs, limit, "variables in assignment", p.tok.pos, p.tok.end)
		}
		p.exprs.push(x)
	}
	s.Targets = p.exprs.finish(mark)
	p.checkNext('=')
	s.Exprs = p.exprList()
	if len(s.Exprs) != len(s.Targets) {
		p.adjustAssign(len(s.Targets), s.Exprs)
	}
	for _, t := range s.Targets {
		if id, ok := t.(*Ident); ok && id.Var != nil {
			id.Var.Writes = p.appendRef(id.Var.Writes, id)
		} else {
			p.fs.pc++ // OP_SETGLOBAL / OP_SETTABLE
		}
	}
	for _, x := range s.Exprs {
		p.fs.pc += storeCost(x)
	}
	return s
}

func assignable(x Expr) bool {
	switch x.(type) {
	case *Ident, *FieldExpr, *IndexExpr:
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// Function bodies

// body parses "(params) block end"; fnPos is the "function" keyword.
func (p *parser) body(fnPos Pos, needSelf bool, line int) *FunctionExpr {
	fn := p.funcs.new()
	fn.Function, fn.Method = fnPos, needSelf
	p.openFunc(fn, line)
	body := p.blocks.new()
	fn.Body = body
	p.checkNext('(')
	if needSelf {
		v := p.vars.new()
		v.Name, v.Kind, v.Func, v.Scope = "self", VarSelf, fn, body
		p.checkVarLimit(0)
		fn.SelfVar = v
		p.activate(v)
	}
	// Parameters and their variables go on scratch stacks (nothing nests
	// inside a parameter list).
	mark, vmark := p.names.mark(), len(p.varStack)
	if p.tok.kind != ')' {
		for {
			switch p.tok.kind {
			case tName:
				id := p.checkName()
				p.names.push(id)
				p.varStack = append(p.varStack, p.newLocal(id, VarParam, len(p.varStack)-vmark, body))
			case tDots:
				p.next()
				// LUA_COMPAT_VARARG: a vararg function has a local "arg".
				v := p.vars.new()
				v.Name, v.Kind, v.Func, v.Scope = "arg", VarArg, fn, body
				p.checkVarLimit(len(p.varStack) - vmark)
				p.varStack = append(p.varStack, v)
				fn.ArgVar = v
				fn.IsVararg = true
			default:
				p.syntaxError("<name> or '...' expected")
			}
			if fn.IsVararg || !p.testNext(',') {
				break
			}
		}
	}
	fn.Params = p.names.finish(mark)
	p.activate(p.varStack[vmark:]...)
	p.popVars(vmark)
	p.fs.isVararg = fn.IsVararg
	p.checkNext(')')
	body.Start = p.tok.pos
	p.chunk(body)
	body.EndPos = p.tok.pos
	fn.EndPos = p.checkMatch(tEnd, tFunction, line)
	p.checkConstants()
	p.closeFunc()
	return fn
}

// ---------------------------------------------------------------------------
// Expressions

func (p *parser) exprList() []Expr {
	x := p.expr()
	if p.tok.kind != ',' {
		return p.exprs.one(x)
	}
	mark := p.exprs.mark()
	p.exprs.push(x)
	for p.testNext(',') {
		p.reserveRegs(1) // explist1 puts each value but the last in a register
		p.exprs.push(p.expr())
	}
	return p.exprs.finish(mark)
}

func (p *parser) expr() Expr {
	return p.subexpr(0)
}

// Binary operator priorities (left, right) of Lua 5.1.
var binPriority = [...][2]int{
	OpAdd: {6, 6}, OpSub: {6, 6}, OpMul: {7, 7}, OpDiv: {7, 7}, OpMod: {7, 7},
	OpPow: {10, 9}, OpConcat: {5, 4},
	OpEq: {3, 3}, OpNe: {3, 3}, OpLt: {3, 3}, OpLe: {3, 3}, OpGt: {3, 3}, OpGe: {3, 3},
	OpAnd: {2, 2}, OpOr: {1, 1},
}

const unaryPriority = 8

// binOp is a token's role as a binary operator: the operator and its
// left and right priorities (left 0: not a binary operator).
type binOp struct {
	op          uint8 // a BinaryOp
	left, right uint8
}

// binOps maps a token kind (masked with 511: every kind is below 512) to
// its role as a binary operator. One table load per operand answers both
// "is it an operator" and "does it bind tighter than limit": a
// non-operator's left priority 0 never exceeds a limit (limits are >= 0).
var binOps = func() (t [512]binOp) {
	for k, op := range map[tokKind]BinaryOp{
		'+': OpAdd, '-': OpSub, '*': OpMul, '/': OpDiv, '%': OpMod, '^': OpPow,
		tConcat: OpConcat, tNe: OpNe, tEq: OpEq, '<': OpLt, tLe: OpLe,
		'>': OpGt, tGe: OpGe, tAnd: OpAnd, tOr: OpOr,
	} {
		t[k] = binOp{op: uint8(op), left: uint8(binPriority[op][0]), right: uint8(binPriority[op][1])}
	}
	return t
}()

// subexpr parses an expression whose binary operators bind tighter than
// limit (lparser.c subexpr).
func (p *parser) subexpr(limit int) Expr {
	p.enterLevel()
	var x Expr
	switch p.tok.kind {
	case tName, '(':
		// The most common operand start: go straight to primaryExp
		// (simpleExp's default case) without the trip through simpleExp.
		x = p.primaryExp()
	case tNot:
		x = p.unaryExp(OpNot)
	case '-':
		x = p.unaryExp(OpNeg)
	case '#':
		x = p.unaryExp(OpLen)
	default:
		x = p.simpleExp()
	}
	for {
		b := binOps[p.tok.kind&511]
		if int(b.left) <= limit {
			break
		}
		pos := p.tok.pos
		p.next()
		y := p.subexpr(int(b.right))
		bx := p.binaries.new()
		bx.X, bx.OpPos, bx.Op, bx.Y = x, pos, BinaryOp(b.op), y
		x = bx
	}
	p.leaveLevel()
	return x
}

// unaryExp parses a unary operator (the current token) and its operand.
func (p *parser) unaryExp(op UnaryOp) Expr {
	pos := p.tok.pos
	p.next()
	operand := p.subexpr(unaryPriority)
	u := p.unaries.new()
	u.OpPos, u.Op, u.X = pos, op, operand
	return u
}

func (p *parser) simpleExp() Expr {
	t := &p.tok
	var x Expr
	switch t.kind {
	case tNumber:
		n := p.numbers.new()
		n.ValuePos, n.Raw, n.Value = t.pos, p.s[t.pos:t.end], t.nval
		x = n
	case tString:
		x = p.stringLit(t)
	case tNil:
		x = put(&p.nils, NilLit{NilPos: t.pos})
	case tTrue:
		x = put(&p.trues, TrueLit{TruePos: t.pos})
	case tFalse:
		x = put(&p.falses, FalseLit{FalsePos: t.pos})
	case tDots:
		if !p.fs.isVararg {
			p.syntaxError("cannot use '...' outside a vararg function")
		}
		x = put(&p.varargs, VarargExpr{Ellipsis: t.pos})
	case '{':
		return p.constructor()
	case tFunction:
		pos := t.pos
		p.next()
		return p.body(pos, false, p.line)
	default:
		return p.primaryExp()
	}
	p.next()
	return x
}

func (p *parser) primaryExp() Expr {
	var x Expr
	switch p.tok.kind {
	case '(':
		line := p.line
		lp := p.tok.pos
		p.next()
		inner := p.expr()
		rp := p.checkMatch(')', '(', line)
		px := p.parens.new()
		px.Lparen, px.X, px.Rparen = lp, inner, rp
		x = px
	case tName:
		id := p.idents.new()
		id.NamePos, id.Name = p.tok.pos, p.s[p.tok.pos:p.tok.end]
		p.next()
		p.resolve(id, false)
		x = id
	default:
		p.syntaxError("unexpected symbol")
	}
	for {
		switch p.tok.kind {
		case '.':
			fx := p.fields.new()
			fx.X, fx.Dot = x, p.tok.pos
			p.next()
			fx.Name = p.checkName()
			x = fx
		case '[':
			lb := p.tok.pos
			p.next()
			k := p.expr()
			ix := p.indexes.new()
			ix.X, ix.Lbrack, ix.Key, ix.Rbrack = x, lb, k, p.checkNext(']')
			x = ix
		case ':':
			colon := p.tok.pos
			p.next()
			m := p.checkName()
			mc := p.methods.new()
			saved := p.fs.regs
			p.reserveRegs(2) // OP_SELF: function and receiver
			mc.Args, mc.Lparen, mc.Rparen = p.funcArgs()
			p.fs.regs = saved
			p.fs.pc += 2 + loadCost(x) + argsCost(mc.Args) // OP_SELF, OP_CALL
			mc.Recv, mc.Colon, mc.Method = x, colon, m
			x = mc
		case '(', tString, '{':
			c := p.calls.new()
			saved := p.fs.regs
			p.reserveRegs(1) // the function
			c.Args, c.Lparen, c.Rparen = p.funcArgs()
			p.fs.regs = saved
			p.fs.pc += 1 + loadCost(x) + argsCost(c.Args) // OP_CALL
			c.Fn = x
			x = c
		default:
			return x
		}
	}
}

// lineBreakBefore reports whether a line break separates the current
// token from the previous one: Lua's ls->lastline != ls->linenumber (the
// lexer's line when the previous token was consumed and now), found from
// the bytes between the tokens (mostly none) instead of saving the line
// for every token.
func (p *parser) lineBreakBefore() bool {
	if p.tok.pos == p.fromAhead {
		// When the previous token was consumed, the lexer had already
		// read this one (a lookahead): Lua's lastline was then this
		// token's line.
		return false
	}
	for _, c := range p.src[p.prevEnd:p.tok.pos] {
		if c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

func (p *parser) funcArgs() (args []Expr, lp, rp Pos) {
	line := p.line
	switch p.tok.kind {
	case '(':
		if p.lineBreakBefore() {
			p.syntaxError("ambiguous syntax (function call x new statement)")
		}
		lp = p.tok.pos
		p.next()
		if p.tok.kind != ')' {
			args = p.exprList()
			p.setMultRet(args)
		}
		rp = p.checkMatch(')', '(', line)
		if len(args) > 0 {
			p.placeLast(args)
		}
		return args, lp, rp
	case '{':
		t := p.constructor()
		p.reserveRegs(1)
		return p.single(t), NoPos, NoPos
	case tString:
		s := p.stringLit(&p.tok)
		p.next()
		p.reserveRegs(1)
		return p.single(s), NoPos, NoPos
	}
	p.syntaxError("function arguments expected")
	return nil, NoPos, NoPos
}

func (p *parser) constructor() Expr {
	line := p.line
	t := p.tables.new()
	saved := p.fs.regs
	p.reserveRegs(1) // the table
	t.Lbrace = p.checkNext('{')
	mark := p.tflist.mark()
	pending := 0 // positional values waiting in registers for OP_SETLIST
	for p.tok.kind != '}' {
		if n := len(p.tflist.stack) - mark; n > 0 && p.tflist.stack[mark+n-1].Kind == FieldPositional {
			p.reserveRegs(1) // closelistfield
			pending++
			if pending == fieldsFlush {
				p.fs.regs -= pending
				pending = 0
			}
		}
		f := p.tfields.new()
		switch p.tok.kind {
		case tName:
			if p.lookahead().kind != '=' {
				f.Value = p.expr()
			} else {
				f.Kind = FieldNamed
				f.Name = p.checkName()
				p.next() // '='
				f.Value = p.expr()
			}
		case '[':
			f.Kind = FieldBracketed
			f.Lbrack = p.tok.pos
			p.next()
			f.Key = p.expr()
			p.checkNext(']')
			p.checkNext('=')
			f.Value = p.expr()
		default:
			f.Value = p.expr()
		}
		p.tflist.push(f)
		if !p.testNext(',') && !p.testNext(';') {
			break
		}
	}
	t.Fields = p.tflist.finish(mark)
	t.Rbrace = p.checkMatch('}', '{', line)
	if n := len(t.Fields); n > 0 && t.Fields[n-1].Kind == FieldPositional {
		// lastlistfield: a value goes to a register, so does "..." (setmultret).
		if _, ok := t.Fields[n-1].Value.(*VarargExpr); ok || !multiValue(t.Fields[n-1].Value) {
			p.reserveRegs(1)
		}
	}
	p.fs.regs = saved
	return t
}

// checkJump reports a jump longer than Lua's instruction format allows
// (fixjump); size is a lower bound of the jump's length.
func (p *parser) checkJump(size int) {
	if size > maxJump {
		p.syntaxError("control structure too long")
	}
}

// condJumps reports whether Lua surely compiles a jump for a condition:
// only constant-true conditions (literals and their folded forms) compile
// to none, so any condition reading a variable, calling or indexing jumps,
// as do nil and false.
func condJumps(cond Expr) bool {
	switch cond.(type) {
	case *NilLit, *FalseLit:
		return true
	}
	return readsValue(cond)
}

// readsValue reports whether x contains a node that is not a constant or
// an operator on constants (a name, call, index, vararg, function or
// table). A direct recursion: it runs for every condition, and a walk
// with a closure costs several times more.
func readsValue(x Expr) bool {
	switch x := x.(type) {
	case *BinaryExpr:
		return readsValue(x.X) || readsValue(x.Y)
	case *UnaryExpr:
		return readsValue(x.X)
	case *ParenExpr:
		return readsValue(x.X)
	case *NilLit, *TrueLit, *FalseLit, *NumberLit, *StringLit:
		return false
	}
	return true
}

// loadCost is the instructions surely spent putting x, a function or
// receiver, in a register: one for a variable or a field.
func loadCost(x Expr) int {
	if v, ok := x.(*Ident); ok && v.Var != nil {
		// A local receiver needs no instruction for OP_SELF, but a local
		// function needs OP_MOVE; count neither (lower bound).
		return 0
	}
	switch x.(type) {
	case *Ident, *FieldExpr, *IndexExpr:
		return 1
	}
	return 0
}

// valueCost is the instructions surely spent putting value x in a
// register: none for nil (LOADNILs merge) and for a call (counted where
// the call is), one for anything else.
func valueCost(x Expr) int {
	switch x := x.(type) {
	case *NilLit, *CallExpr, *MethodCallExpr:
		return 0
	case *ParenExpr:
		return valueCost(x.X)
	case *BinaryExpr:
		if x.Op == OpAnd || x.Op == OpOr { // may fold to nil
			return 0
		}
	}
	return 1
}

// storeCost is valueCost for a value stored by an assignment, which
// takes a local (even parenthesised) straight from its register.
func storeCost(x Expr) int {
	for {
		pe, ok := x.(*ParenExpr)
		if !ok {
			break
		}
		x = pe.X
	}
	if id, ok := x.(*Ident); ok && id.Var != nil {
		return 0
	}
	return valueCost(x)
}

func argsCost(args []Expr) int {
	n := 0
	for _, a := range args {
		n += valueCost(a)
	}
	return n
}

// reserveRegs is luaK_reserveregs on the register lower bound.
func (p *parser) reserveRegs(n int) {
	fs := p.fs
	if fs.nactvar+fs.regs+n >= maxStack {
		p.syntaxError("function or expression too complex")
	}
	fs.regs += n
}

// placeLast models luaK_exp2nextreg on the last value of a list, which
// Lua skips for a multi-value call or "...".
func (p *parser) placeLast(list []Expr) {
	if !multiValue(list[len(list)-1]) {
		p.reserveRegs(1)
	}
}

// adjustAssign models adjust_assign: the last value goes to a register and
// missing values get registers of their own.
func (p *parser) adjustAssign(nvars int, exprs []Expr) {
	if len(exprs) > 0 && multiValue(exprs[len(exprs)-1]) {
		// luaK_setreturns: "..." takes a register; both kinds reserve
		// registers for the values beyond the first.
		n := 0
		if _, ok := exprs[len(exprs)-1].(*VarargExpr); ok {
			n = 1
		}
		if extra := nvars - len(exprs) + 1; extra > 1 {
			n += extra - 1
		}
		if n > 0 {
			p.reserveRegs(n)
		}
		return
	}
	n := 0
	if len(exprs) > 0 {
		n = 1
	}
	if extra := nvars - len(exprs); extra > 0 {
		n += extra
	}
	if n > 0 {
		p.reserveRegs(n)
	}
}

// setMultRet models luaK_setmultret on a list ending in "...", which
// reserves a register for the values.
func (p *parser) setMultRet(list []Expr) {
	if _, ok := list[len(list)-1].(*VarargExpr); ok {
		p.reserveRegs(1)
	}
}

func multiValue(x Expr) bool {
	switch x.(type) {
	case *CallExpr, *MethodCallExpr, *VarargExpr:
		return true
	}
	return false
}

func (p *parser) stringLit(t *token) *StringLit {
	s := p.strs.new()
	s.ValuePos, s.Raw, s.Value, s.Long = t.pos, p.s[t.pos:t.end], t.sval, t.sep >= 0
	return s
}

// single returns a one-element expression list.
func (p *parser) single(x Expr) []Expr {
	return p.exprs.one(x)
}

package luaast

// Recognition of constructs from Lua 5.2 and later at the token where Lua
// 5.1 reports a syntax error, so that the message can name the construct
// (Redis runs Lua 5.1). These checks only ever reword an error Lua 5.1
// raises anyway; they never reject valid Lua 5.1.

// lua52Hint inspects the current token (the one Lua 5.1 complains about)
// and returns a message naming the later-Lua construct it belongs to.
func (p *parser) lua52Hint() (msg string, pos, end Pos, ok bool) {
	t := &p.tok
	adjacentPrev := p.prevEnd == t.pos
	switch t.kind {
	case '&':
		return "bitwise operator '&' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.band(a, b))", t.pos, t.end, true
	case '|':
		return "bitwise operator '|' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bor(a, b))", t.pos, t.end, true
	case '~':
		if endsExpr(p.prevKind) {
			return "bitwise xor operator '~' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bxor(a, b))", t.pos, t.end, true
		}
		return "bitwise not operator '~' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bnot(x))", t.pos, t.end, true
	case '/':
		if p.prevKind == '/' && adjacentPrev {
			return "integer division '//' is Lua 5.3 syntax: Redis runs Lua 5.1 (use math.floor(a / b))", t.pos - 1, t.end, true
		}
		if p.byteAt(t.end) == '/' {
			return "'//' does not start a comment in Lua: Redis runs Lua 5.1, where comments start with '--'", t.pos, t.end + 1, true
		}
	case '<':
		if p.prevKind == '<' && adjacentPrev {
			return "shift operator '<<' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.lshift(a, n))", t.pos - 1, t.end, true
		}
		if p.prevKind == tName {
			if name, e, ok := p.attribAt(int(t.pos)); ok {
				return "variable attribute '<" + name + ">' is Lua 5.4 syntax: Redis runs Lua 5.1 (remove it)", t.pos, Pos(e), true
			}
		}
	case '>':
		if p.prevKind == '>' && adjacentPrev {
			return "shift operator '>>' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.rshift(a, n))", t.pos - 1, t.end, true
		}
	case ':':
		if p.byteAt(t.end) == ':' {
			if name, e, ok := p.labelAt(int(t.pos)); ok {
				return "label '::" + name + "::' is Lua 5.2 syntax: Redis runs Lua 5.1, which has no goto or labels (restructure the code with if, loops and break)", t.pos, Pos(e), true
			}
		}
	}
	return "", 0, 0, false
}

// attribError reports the token '<' after a local name (Lua 5.1: the next
// statement starts with an unexpected symbol).
func (p *parser) attribError() {
	p.syntaxError("unexpected symbol")
}

func (p *parser) byteAt(off Pos) byte {
	if int(off) < len(p.src) && off >= 0 {
		return p.src[off]
	}
	return 0
}

// endsExpr reports whether a token of kind k can end an expression, so a
// following '~' would be a binary operator.
func endsExpr(k tokKind) bool {
	switch k {
	case tName, tNumber, tString, ')', ']', '}', tEnd, tNil, tTrue, tFalse, tDots:
		return true
	}
	return false
}

// attribAt matches "<name>" (blanks allowed) at offset i.
func (p *parser) attribAt(i int) (string, int, bool) {
	src := p.src
	i++
	i = skipBlanks(src, i)
	s := i
	for i < len(src) && isAlnum(src[i]) {
		i++
	}
	if i == s || !(charClass[src[s]]&cAlpha != 0) {
		return "", 0, false
	}
	name := p.s[s:i]
	i = skipBlanks(src, i)
	if i < len(src) && src[i] == '>' {
		return name, i + 1, true
	}
	return "", 0, false
}

// labelAt matches "::name::" (blanks allowed) at offset i.
func (p *parser) labelAt(i int) (string, int, bool) {
	src := p.src
	i = skipBlanks(src, i+2)
	s := i
	for i < len(src) && isAlnum(src[i]) {
		i++
	}
	if i == s || !(charClass[src[s]]&cAlpha != 0) {
		return "", 0, false
	}
	name := p.s[s:i]
	i = skipBlanks(src, i)
	if i+1 < len(src) && src[i] == ':' && src[i+1] == ':' {
		return name, i + 2, true
	}
	return "", 0, false
}

func skipBlanks(src []byte, i int) int {
	for i < len(src) && charClass[src[i]]&cSpace != 0 {
		i++
	}
	return i
}

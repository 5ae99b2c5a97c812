package luaast

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// Oracle tests for the parser shortcuts: each
// compares a shortcut with the plain computation it replaces.

// TestBinOpsTable checks binOps, subexpr's one-load operator table,
// against Lua 5.1's priority table (lparser.c) written out by token text:
// every token kind must have the operator and priorities given there, and
// every other kind must not be a binary operator.
func TestBinOpsTable(t *testing.T) {
	want := map[string]struct {
		op          BinaryOp
		left, right int
	}{
		"+": {OpAdd, 6, 6}, "-": {OpSub, 6, 6}, "*": {OpMul, 7, 7}, "/": {OpDiv, 7, 7}, "%": {OpMod, 7, 7},
		"^": {OpPow, 10, 9}, "..": {OpConcat, 5, 4},
		"==": {OpEq, 3, 3}, "~=": {OpNe, 3, 3}, "<": {OpLt, 3, 3}, "<=": {OpLe, 3, 3}, ">": {OpGt, 3, 3}, ">=": {OpGe, 3, 3},
		"and": {OpAnd, 2, 2}, "or": {OpOr, 1, 1},
	}
	seen := 0
	for k := tokKind(0); k < tokKind(len(binOps)); k++ {
		got := binOps[k&511]
		text := ""
		if k <= tEOF {
			text = kindText(k)
		}
		w, isOp := want[text]
		if k > tEOF || !isOp {
			if got.left != 0 {
				t.Errorf("kind %d (%q): binary operator %+v, want none", k, text, got)
			}
			continue
		}
		seen++
		if BinaryOp(got.op) != w.op || int(got.left) != w.left || int(got.right) != w.right {
			t.Errorf("kind %d (%q): %+v, want op %v priorities %d/%d", k, text, got, w.op, w.left, w.right)
		}
		if int(got.left) <= 0 {
			t.Errorf("kind %d (%q): left priority %d cannot exceed limit 0", k, text, got.left)
		}
	}
	if seen != len(want) {
		t.Errorf("found %d binary operators, want %d", seen, len(want))
	}
}

// TestScopeChainsMatchScan drives the actives stack (pushActive,
// truncateActives, findVisible) with random declarations, block exits and
// lookups, and checks every lookup against a plain scan of the stack from
// the top. Names come from a small pool with many equal name keys (same
// length, first and last byte) and bucket collisions, and the stack grows
// past nameIdxBuild and shrinks below nameIdxDrop, so the bucket chains,
// their restoration on truncation and the map index all take part.
func TestScopeChainsMatchScan(t *testing.T) {
	var pool []string
	for _, mid := range []string{"", "a", "b", "ab", "ba", "xyz"} {
		for _, ends := range []string{"xy", "xz", "qy", "__", "aa"} {
			pool = append(pool, ends[:1]+mid+ends[1:])
		}
	}
	pool = append(pool, "x", "y", "self", "arg", "KEYS", "ARGV", "redis")
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 6))
		p := &parser{}
		var ref []*Variable
		for step := range 4000 {
			switch r := rng.IntN(10); {
			case r < 5 || len(ref) == 0:
				v := &Variable{Name: pool[rng.IntN(len(pool))]}
				p.pushActive(v)
				ref = append(ref, v)
			case r < 6:
				n := rng.IntN(len(ref) + 1)
				if rng.IntN(4) == 0 {
					n = len(ref) - rng.IntN(min(len(ref), 3)+1)
				}
				p.truncateActives(n)
				ref = ref[:n]
			default:
				name := pool[rng.IntN(len(pool))]
				var want *Variable
				for i := len(ref) - 1; i >= 0; i-- {
					if ref[i].Name == name {
						want = ref[i]
						break
					}
				}
				if got := p.findVisible(name); got != want {
					t.Fatalf("seed %d step %d: findVisible(%q) with %d actives = %p, want %p", seed, step, name, len(ref), got, want)
				}
			}
			if len(p.actives) != len(ref) {
				t.Fatalf("seed %d step %d: %d actives, want %d", seed, step, len(p.actives), len(ref))
			}
		}
		// Emptied, every chain must be empty again.
		p.truncateActives(0)
		for b, h := range p.keyHead {
			if h != 0 {
				t.Fatalf("seed %d: bucket %d still chains to %d after truncating to 0", seed, b, h)
			}
		}
	}
}

// lexToken is what the token stream comparison looks at.
type lexToken struct {
	kind            tokKind
	pos, end        Pos
	sval            string
	nval            float64
	sep             int
	line            int // the lexer's line (Lua's linenumber)
	prevKind        tokKind
	prevEnd         Pos
	nlines, ncommts int
}

func (p *parser) snapshot() lexToken {
	return lexToken{p.tok.kind, p.tok.pos, p.tok.end, p.tok.sval, p.tok.nval, p.tok.sep,
		p.line, p.prevKind, p.prevEnd, len(p.lines), len(p.comments)}
}

func newLexParser(src []byte) *parser {
	p := &parser{file: &File{Name: "t.lua", Src: src, Lines: &LineIndex{}}, fs: &funcState{}, fromAhead: NoPos}
	p.src, p.s, p.line = src, string(src), 1
	p.lines = make([]Pos, 1, 8)
	return p
}

// lexStream lexes src to the end, calling lookahead before next where
// peek says so, and returns the snapshots after every next and what
// every lookahead returned (nil on a lexical error).
func lexStream(src []byte, peek func(i int) bool) (toks []lexToken, aheads []token, err error) {
	p := newLexParser(src)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			err = p.errs
		}
	}()
	p.next()
	for i := 0; ; i++ {
		if peek(i) {
			a := *p.lookahead()
			if b := *p.lookahead(); b != a {
				return nil, nil, fmt.Errorf("second lookahead %+v differs from the first %+v", b, a)
			}
			aheads = append(aheads, a)
		}
		toks = append(toks, p.snapshot())
		if p.tok.kind == tEOF {
			return toks, aheads, nil
		}
		p.next()
	}
}

// TestLookaheadMatchesPlainLexing checks the buffered lookahead (signalled
// to next by a negative lexer offset instead of a flag): lexing with
// lookaheads at random tokens must give the same tokens, lines, comments
// and previous-token bookkeeping as lexing without any, and each
// lookahead must be the token next then returns.
func TestLookaheadMatchesPlainLexing(t *testing.T) {
	srcs := []string{
		"t = {a = 1, b, c = --[[x]] 2; [d] = 3}\n",
		"x = {y\n-- comment\n= 1}",
		"a = {b",
		"a = {",
		"return a --",
		"s = [==[\nlong\n]==] .. 'q\\n' .. 0x1F .. 1e3",
		"local a <const> = 1",
		"a = {b = 'unfinished",
		"\r\n\t x \v\f y\n\r z",
	}
	for seed := range uint64(40) {
		srcs = append(srcs, string(luagen.Script(seed)))
	}
	for si, src := range srcs {
		plain, _, plainErr := lexStream([]byte(src), func(int) bool { return false })
		for seed := range uint64(5) {
			rng := rand.New(rand.NewPCG(uint64(si), seed))
			every := 1 + int(seed)
			got, aheads, err := lexStream([]byte(src), func(i int) bool { return i%every == 0 && rng.IntN(2) == 0 })
			if (err == nil) != (plainErr == nil) || (err != nil && err.Error() != plainErr.Error()) {
				t.Fatalf("src %d seed %d: error %v, want %v", si, seed, err, plainErr)
			}
			if err != nil {
				continue // the stream stopped at the same error
			}
			if len(got) != len(plain) {
				t.Fatalf("src %d seed %d: %d tokens, want %d", si, seed, len(got), len(plain))
			}
			for i := range got {
				// While a lookahead is pending the lexer has read further
				// (lines and comments), as Lua's does: compare the lexer's
				// position only at the end.
				g, w := got[i], plain[i]
				if i < len(got)-1 {
					g.line, g.nlines, g.ncommts = w.line, w.nlines, w.ncommts
				}
				if g != w {
					t.Fatalf("src %d seed %d token %d: %+v, want %+v", si, seed, i, got[i], plain[i])
				}
			}
			_ = aheads
		}
		// Every lookahead is the token after the current one.
		got, aheads, err := lexStream([]byte(src), func(int) bool { return true })
		if err != nil {
			continue
		}
		for i := range aheads {
			if i+1 < len(got) && (aheads[i].kind != got[i+1].kind || aheads[i].pos != got[i+1].pos || aheads[i].end != got[i+1].end) {
				t.Fatalf("src %d: lookahead at token %d is %+v, want the next token %+v", si, i, aheads[i], got[i+1])
			}
		}
	}
}

// TestLookaheadLineBreak checks lineBreakBefore after a lookahead: Lua
// reads the token after a name in a table constructor before it consumes
// the name, so a call on the next line is not ambiguous there.
func TestLookaheadLineBreak(t *testing.T) {
	for _, tc := range []struct {
		src string
		ok  bool
	}{
		{"t = {f\n(1)}", true},
		{"t = {x = f\n(1)}", false},
		{"local f = g\n(1)()", false},
	} {
		_, err := Parse("t.lua", []byte(tc.src))
		if (err == nil) != tc.ok {
			t.Errorf("%q: error %v, want ok=%v", tc.src, err, tc.ok)
		}
	}
}

// TestKeywordLengthFilter checks the lexer's reserved-word recognition
// (first byte and length filter, then the hashed lookup) against a plain
// map lookup, for the reserved words, their prefixes and extensions,
// long names starting with a reserved word, and names at the very end of
// the source (where the 8-byte load does not fit).
func TestKeywordLengthFilter(t *testing.T) {
	reserved := map[string]tokKind{}
	for k := tAnd; k <= tWhile; k++ {
		reserved[tokenText[k-firstReserved]] = k
	}
	var names []string
	for w := range reserved {
		names = append(names, w, w+"_", "_"+w, w[:len(w)-1], w+w, strings.ToUpper(w), w+"1",
			w+strings.Repeat("x", 16-len(w)), w+strings.Repeat("n", 24-len(w)), w+strings.Repeat(w[len(w)-1:], 9))
	}
	for _, src := range []string{string(luagen.Script(1)), string(luagen.Script(2))} {
		names = append(names, strings.FieldsFunc(src, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		})...)
	}
	for _, name := range names {
		if name == "" || isDigit(name[0]) {
			continue
		}
		want, ok := reserved[name]
		if !ok {
			want = tName
		}
		for _, src := range []string{name, " " + name + " ", name + strings.Repeat(" ", 8), "(" + name + ")"} {
			p := newLexParser([]byte(src))
			p.next()
			for p.tok.kind == '(' {
				p.next()
			}
			if p.tok.kind != want || p.s[p.tok.pos:p.tok.end] != name {
				t.Errorf("%q in %q: kind %v %q, want %v", name, src, kindText(p.tok.kind), p.s[p.tok.pos:p.tok.end], kindText(want))
			}
		}
	}
}

// TestListArenaOffsets checks the list arena's index-based allocation:
// lists of random lengths (crossing chunk and backing-array boundaries)
// never share elements, each has exactly its own capacity, and what was
// written to one is never overwritten by a later one.
func TestListArenaOffsets(t *testing.T) {
	for _, withPre := range []bool{false, true} {
		var a listArena[*Ident]
		if withPre {
			a.usePre(make([]nodeChunk, 3), func(c *nodeChunk) []*Ident { return c.names[:] })
		} else {
			a.hint(20)
		}
		rng := rand.New(rand.NewPCG(6, 6))
		var lists [][]*Ident
		for range 500 {
			n := 1 + rng.IntN(12)
			l := a.alloc(n)
			if len(l) != n || cap(l) != n {
				t.Fatalf("alloc(%d): len %d cap %d", n, len(l), cap(l))
			}
			for i := range l {
				l[i] = &Ident{Name: fmt.Sprint(len(lists), ".", i)}
			}
			lists = append(lists, l)
		}
		for li, l := range lists {
			for i, id := range l {
				if want := fmt.Sprint(li, ".", i); id.Name != want {
					t.Fatalf("pre=%v: list %d element %d is %q, want %q (overwritten)", withPre, li, i, id.Name, want)
				}
			}
		}
	}
}

// TestByteClassMasked checks what next's masked dispatch relies on: every
// byte class is below 16 (so masking with 15 changes none), and every byte
// of class bOther lexes as the one-byte token of that byte.
func TestByteClassMasked(t *testing.T) {
	for c, cl := range byteClass {
		if cl > bDot || cl&15 != cl {
			t.Errorf("byte %#x: class %d; want at most %d", c, cl, bDot)
		}
		if cl != bOther {
			continue
		}
		p := newLexParser([]byte{byte(c), ' '})
		p.next()
		if p.tok.kind != tokKind(c) || p.tok.pos != 0 || p.tok.end != 1 {
			t.Errorf("byte %#x: token %v [%d,%d), want the one-byte token", c, p.tok.kind, p.tok.pos, p.tok.end)
		}
	}
}

// TestNumberFastPathLimit checks the lexer's digit-run fast path (at most
// 16 digits, bounded once by the end of the source) against
// strconv.ParseFloat for runs of 1 to 24 digits, at the end of the source
// and before what ends or continues a numeral.
func TestNumberFastPathLimit(t *testing.T) {
	digits := "98765432109876543210987654321"
	for n := 1; n <= 24; n++ {
		for _, tail := range []string{"", " ", ")", ".5", "e2", "x"} {
			num := digits[:n] + tail
			p := newLexParser([]byte(num))
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						err = p.errs
					}
				}()
				p.next()
			}()
			text := strings.TrimRight(num, " )")
			want, perr := strconv.ParseFloat(text, 64)
			if perr != nil {
				if err == nil {
					t.Errorf("%q: lexed %v, want a malformed number error", num, p.tok.nval)
				}
				continue
			}
			if err != nil || p.tok.kind != tNumber || p.tok.nval != want || int(p.tok.end) != len(text) {
				t.Errorf("%q: token %v %v [%d,%d) err %v; want number %v ending at %d", num, p.tok.kind, p.tok.nval, p.tok.pos, p.tok.end, err, want, len(text))
			}
		}
	}
}

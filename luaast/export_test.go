package luaast

import "unsafe"

// LexAll scans src to the end with the parser's lexer, building no tree:
// for the lexer benchmarks in package luaast_test. Token texts share src's
// memory, as in Parse (a copy would make a benchmark measure a 1 MB
// allocation per op).
func LexAll(src []byte) {
	p := &parser{file: &File{Name: "bench.lua", Src: src}, fs: &funcState{}}
	p.src, p.s, p.line = src, unsafe.String(unsafe.SliceData(src), len(src)), 1
	p.lines = make([]Pos, 1, len(src)/24+8) // as Parse sizes it
	for p.next(); p.tok.kind != tEOF; {
		p.next()
	}
}

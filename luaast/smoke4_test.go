package luaast
import ("testing";"os")
func BenchmarkLexOnly(b *testing.B) {
	src, _ := os.ReadFile("/tmp/bench1mb.lua")
	b.SetBytes(int64(len(src)))
	f := &File{Name: "t.lua", Src: src}
	for i := 0; i < b.N; i++ {
		p := &parser{file: f}
		p.src, p.s, p.line = src, string(src), 1
		p.lexErr = p.lexError
		var tk token
		for { p.scan(&tk, p.lexErr); if tk.kind == tEOF { break } }
	}
}

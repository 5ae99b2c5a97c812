package luaast

import (
	"strings"
	"testing"
	"unsafe"
)

func BenchmarkZZMicro(b *testing.B) {
	for _, c := range []struct{ name, unit string }{{"punct", "( "}, {"punct0", "("}, {"name", "abc "}, {"kw", "local "}, {"num", "12 "}, {"flt", "0.14184144253250064 "}, {"str", "'abc' "}, {"nl", "x\n    "}} {
		src := []byte(strings.Repeat(c.unit, 1<<20/len(c.unit)))
		n := 1 << 20 / len(c.unit)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				p := &parser{file: &File{Src: src}}
				p.src, p.s, p.line = src, unsafe.String(unsafe.SliceData(src), len(src)), 1
				var t token
				for p.scan(&t); t.kind != tEOF; p.scan(&t) {
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tok")
		})
	}
}

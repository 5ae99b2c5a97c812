package luaast
import ("testing";"os";"bytes"; glparse "github.com/yuin/gopher-lua/parse")
func BenchmarkTmpOurs(b *testing.B) {
	src, _ := os.ReadFile("/tmp/big.lua"); b.SetBytes(int64(len(src))); b.ReportAllocs()
	for i := 0; i < b.N; i++ { if _, err := Parse("big.lua", src); err != nil { b.Fatal(err) } }
}
func BenchmarkTmpGopher(b *testing.B) {
	src, _ := os.ReadFile("/tmp/big.lua"); b.SetBytes(int64(len(src))); b.ReportAllocs()
	for i := 0; i < b.N; i++ { if _, err := glparse.Parse(bytes.NewReader(src), "big.lua"); err != nil { b.Fatal(err) } }
}

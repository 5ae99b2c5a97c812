package luaast
import ("testing";"os")
func TestCPUProf(t *testing.T) {
	src, _ := os.ReadFile("/tmp/bench1mb.lua")
	for i := 0; i < 60; i++ { if _, err := Parse("b", src); err != nil { t.Fatal(err) } }
}

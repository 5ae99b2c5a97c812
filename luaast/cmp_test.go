package luaast
import ("testing";"fmt";"os";"encoding/json";"strings")
func TestCmpRedis(t *testing.T) {
	b, err := os.ReadFile("/tmp/cmp/redis.json"); if err != nil { t.Skip() }
	var m map[string]string; json.Unmarshal(b, &m)
	bad := 0
	for src, want := range m {
		_, err := Parse("t.lua", []byte(src))
		got := "OK"
		lua52 := false
		if err != nil { e := err.(ErrorList)[0]; got = fmt.Sprintf("%d: %s", e.Line, e.Msg); lua52 = e.Lua52 }
		if got != want && !(lua52 && strings.HasPrefix(want, got[:2])) { bad++; fmt.Printf("%q\n  redis: %s\n  ours:  %s\n", src, want, got) } else if lua52 { fmt.Printf("[52] %q redis: %s | ours: %s\n", src, want, got) }
	}
	fmt.Println("mismatches:", bad, "of", len(m))
}

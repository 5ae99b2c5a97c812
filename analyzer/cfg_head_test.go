package analyzer

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestWritesAfterHead(t *testing.T) {
	tests := []struct {
		name string
		src  string
		stmt int    // index of the top-level statement asked about
		want string // NAME@firstarg,...
	}{
		{"before the if", "redis.call('SET', KEYS[1], 1)\nif x then redis.call('DEL', KEYS[2]) return 1 end\n", 1, "SET@KEYS[1]"},
		{"body writes excluded", "if x then redis.call('DEL', KEYS[2]) return 1 end\n", 0, ""},
		{"condition write included", "if redis.call('SET', KEYS[1], 1, 'NX') then return 1 else redis.call('DEL', KEYS[2]) end\n", 0, "SET@KEYS[1]"},
		{"elseif condition included", "if x then return 1 elseif redis.call('DEL', KEYS[1]) == 0 then return 2 end\n", 0, "DEL@KEYS[1]"},
		{"function called in condition", "local function take(k) return redis.call('SET', k, 1, 'NX') end\nif take(KEYS[1]) then return 1 end\n", 1, "SET@k"},
		{"loop back edge", "for i = 1, 3 do redis.call('INCR', KEYS[i]) end\n", 0, "INCR@KEYS[i]"},
		{"simple statement is its own writes", "local n = redis.call('INCR', KEYS[1])\n", 0, "INCR@KEYS[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			var names []string
			for _, w := range Flow(p).WritesAfterHead(p.File.Block.Stmts[tt.stmt]) {
				names = append(names, w.Name+"@"+stmtText(p.File.Src, w.Call.Args[1]))
			}
			if got := strings.Join(names, ","); got != tt.want {
				t.Errorf("WritesAfterHead = %q, want %q", got, tt.want)
			}
			// The membership queries agree with the lists.
			f := Flow(p)
			st := p.File.Block.Stmts[tt.stmt]
			head := map[*RedisCall]bool{}
			for _, w := range f.WritesAfterHead(st) {
				head[w] = true
			}
			before := map[*RedisCall]bool{}
			for _, w := range f.WritesBefore(st) {
				before[w] = true
			}
			for _, w := range Calls(p).Writes() {
				if got := f.HasWriteAfterHead(st, w); got != head[w] {
					t.Errorf("HasWriteAfterHead(%s) = %v, want %v", w.Name, got, head[w])
				}
				if got := f.HasWriteBefore(st, w); got != before[w] {
					t.Errorf("HasWriteBefore(%s) = %v, want %v", w.Name, got, before[w])
				}
			}
		})
	}
	// An if inside a loop: writes of its body reach its head again through
	// the back edge.
	p := testPass(t, "for i = 1, 3 do\n  if x then redis.call('DEL', KEYS[i]) end\nend\n")
	ifs := p.File.Block.Stmts[0].(*luaast.NumericForStmt).Body.Stmts[0]
	if got := Flow(p).WritesAfterHead(ifs); len(got) != 1 || got[0].Name != "DEL" {
		t.Errorf("WritesAfterHead(if in loop) = %v, want the DEL", got)
	}
	if got := Flow(p).WritesAfterHead(nil); got != nil {
		t.Errorf("WritesAfterHead(nil) = %v, want nil", got)
	}
	del := Calls(p).Writes()[0]
	if !Flow(p).HasWriteAfterHead(ifs, del) || !Flow(p).HasWriteBefore(ifs, del) {
		t.Error("HasWriteAfterHead/HasWriteBefore(if in loop, DEL) = false, want true")
	}
	if Flow(p).HasWriteAfterHead(nil, del) || Flow(p).HasWriteBefore(nil, del) || Flow(p).HasWriteBefore(ifs, nil) {
		t.Error("membership of nil = true, want false")
	}
}

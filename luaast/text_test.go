package luaast

import "testing"

func TestTextHelpers(t *testing.T) {
	src := "local x = f(1)\nlocal y = (g())\nlocal s = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'\nlocal z = {1,\n2}\n"
	f, err := Parse("t.lua", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	vals := func(i int) Expr { return f.Block.Stmts[i].(*LocalStmt).Exprs[0] }
	if got := f.Text(vals(0)); got != "f(1)" {
		t.Errorf("Text = %q", got)
	}
	if !IsCall(vals(0)) || !IsCall(vals(1)) || IsCall(vals(2)) {
		t.Error("IsCall: want true for f(1) and (g()), false for a string")
	}
	if !IsMultiValue(vals(0)) || IsMultiValue(vals(1)) {
		t.Error("IsMultiValue: want true for f(1), false for (g())")
	}
	if got := f.ShortText(vals(2)); len([]rune(got)) != 40 || got[len(got)-3:] != "..." {
		t.Errorf("ShortText of a long string = %q", got)
	}
	if got := f.ShortText(vals(3)); got != "{1,..." {
		t.Errorf("ShortText of two lines = %q", got)
	}
	if !Contains(f.Block.Stmts[0], vals(0)) || Contains(vals(0), f.Block.Stmts[0]) {
		t.Error("Contains")
	}
}

func TestFieldKeyAndHasField(t *testing.T) {
	f, err := Parse("t.lua", []byte("return {1, err = 'x', ['ok'] = 2, [k] = 3}\n"))
	if err != nil {
		t.Fatal(err)
	}
	tbl := f.Block.Stmts[0].(*ReturnStmt).Exprs[0].(*TableExpr)
	var keys []string
	for _, fl := range tbl.Fields {
		if k, ok := FieldKey(fl); ok {
			keys = append(keys, k)
		}
	}
	if len(keys) != 2 || keys[0] != "err" || keys[1] != "ok" {
		t.Errorf("keys = %q, want [err ok]", keys)
	}
	if !tbl.HasField("err") || !tbl.HasField("ok") || tbl.HasField("k") || tbl.HasField("1") {
		t.Error("HasField answers wrong")
	}
}

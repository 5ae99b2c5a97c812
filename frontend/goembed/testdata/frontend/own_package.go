package rueidis

// want-scripts: 2

// Inside the client's own package (its tests) the constructor is
// unqualified; the call says that its argument is a script.
var s1 = NewLuaScript("return {KEYS[1], ARGV[1]}")

func f() {
	script := `return tonumbr(KEYS[1])` // want: undefined-global
	_ = NewLuaScriptReadOnly(script)
}

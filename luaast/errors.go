package luaast

import (
	"fmt"
	"strings"
)

// Error is a syntax error at a position, worded as Lua 5.1 words it where
// possible ("'then' expected near 'do'"), with a clearer message for Lua
// 5.2+ constructs.
type Error struct {
	Filename string
	Pos      Pos
	// Line and Column (1-based, bytes) describe Pos. Line is the line Lua
	// 5.1, and so Redis, reports: after a multi-line token, Pos is the
	// start of the token's last line rather than the token's start.
	Line   int
	Column int
	// End is the end of the offending token (Pos when unknown).
	End Pos
	Msg string
	// Lua52 is true when the input uses a construct of Lua 5.2 or later.
	Lua52 bool
}

// Error returns "file:line:col: msg".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Filename, e.Line, e.Column, e.Msg)
}

// ErrorList is the list of syntax errors of one file, first error first.
type ErrorList []*Error

// Error returns the first error, and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	b.WriteString(l[0].Error())
	fmt.Fprintf(&b, " (and %d more errors)", len(l)-1)
	return b.String()
}

package frontend

import (
	"fmt"
	"math"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Budget bounds the string text a front end assembles while it reads one
// host file. Constants defined through each other twice over (A1 = A0 +
// A0, A2 = A1 + A1, ...) double at each line: thirty lines of a few bytes
// would make gigabytes of script. A front end takes from the budget every
// byte it copies into a value; once it is spent, the value is not a known
// string, and the place is recorded in Over so that Check says why the
// script there was not linted.
type Budget struct {
	left, total int
	// Over is where the budget ran out: the host range of the value that
	// did not fit (nil while it lasts).
	Over *Span
}

// budgetPerByte and budgetBase size a file's budget: far above any real
// file (whose scripts are at most a few times its size) and small enough
// that a file made to explode costs a few tens of MB.
const (
	budgetPerByte = 16
	budgetBase    = 1 << 18
)

// NewBudget returns the budget of a host file of n bytes.
func NewBudget(n int) *Budget {
	t := BudgetFor(n)
	return &Budget{left: t, total: t}
}

// BudgetFor is the size of the budget of a host file of n bytes, for a
// front end that counts in units of its own: budgetBase plus
// budgetPerByte per byte, saturating where int ends (32-bit platforms).
func BudgetFor(n int) int {
	if n > (math.MaxInt-budgetBase)/budgetPerByte {
		return math.MaxInt
	}
	return budgetBase + budgetPerByte*n
}

// OverBudget returns the spent budget of a host file of n bytes that ran
// out at the host range at: for a front end that counts what it copies
// in units of its own.
func OverBudget(n int, at Span) *Budget {
	b := NewBudget(n)
	b.left, b.Over = 0, &at
	return b
}

// Take spends n bytes for the value at host range at; it returns false,
// and records at in Over the first time, when fewer than n are left.
func (b *Budget) Take(n int, at Span) bool {
	if b == nil {
		return true
	}
	if n <= b.left {
		b.left -= n
		return true
	}
	b.left = 0
	if b.Over == nil {
		b.Over = &at
	}
	return false
}

// Err returns the error Check reports when the budget ran out (nil
// while it lasts), at the line of Over.
func (b *Budget) Err(lines *luaast.LineIndex) error {
	if b == nil || b.Over == nil {
		return nil
	}
	return fmt.Errorf("line %d: the string value assembled here is larger than the %s of script text this file "+
		"may assemble (constants repeated into constants): it is not linted",
		lines.Position(luaast.Pos(b.Over.Start)).Line, lint.FormatSize(int64(b.total)))
}

package luaast

import "strings"

// Text returns the source text of n.
func (f *File) Text(n Node) string { return string(f.Src[n.Pos():n.End()]) }

// ShortText returns the source text of n for a message: its first line
// (with "..." when there is more) and at most 40 characters.
func (f *File) ShortText(n Node) string {
	s := f.Text(n)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i] + "..."
	}
	if r := []rune(s); len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return s
}

// IsCall reports whether e, without its parentheses, is a function or
// method call.
func IsCall(e Expr) bool {
	switch Unparen(e).(type) {
	case *CallExpr, *MethodCallExpr:
		return true
	}
	return false
}

// IsMultiValue reports whether e can expand to several values (or none)
// at the end of a list: a call, a method call or '...'. Parentheses
// truncate to one value, so a parenthesised call is not.
func IsMultiValue(e Expr) bool {
	switch e.(type) {
	case *CallExpr, *MethodCallExpr, *VarargExpr:
		return true
	}
	return false
}

// Contains reports whether node b lies within node a (a == b included).
func Contains(a, b Node) bool { return a.Pos() <= b.Pos() && b.End() <= a.End() }

// IsHexDigit reports whether c is a hexadecimal digit.
func IsHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// BoundVars returns the variables receiving the values of the call at
// (one of exprs) in "names = exprs": the call's first value and, when it
// is last, the following ones. A nil entry is a target that is not a
// local (a field, a global).
func BoundVars(names []*Ident, exprs []Expr, at Node) []*Variable {
	for j, e := range exprs {
		if Node(e) != at {
			continue
		}
		end := j + 1
		if j == len(exprs)-1 {
			end = len(names)
		}
		var vars []*Variable
		for i := j; i < end && i < len(names); i++ {
			if names[i] == nil {
				vars = append(vars, nil)
			} else {
				vars = append(vars, names[i].Var)
			}
		}
		return vars
	}
	return nil
}

// NeverRead reports whether nothing reads v (its declaration and
// assignments aside).
func NeverRead(v *Variable) bool {
	writes := NewWriteSet(v)
	for _, ref := range v.Refs {
		if ref != v.Decl && !writes.Has(ref) {
			return false
		}
	}
	return true
}

// FieldKey returns the literal key of field f: the name of a named field
// (t = {err = x}), the value of a string key ({['err'] = x}); ok is false
// for a positional field or a computed key.
func FieldKey(f *TableField) (key string, ok bool) {
	switch f.Kind {
	case FieldNamed:
		return f.Name.Name, true
	case FieldBracketed:
		if k, isStr := Unparen(f.Key).(*StringLit); isStr {
			return k.Value, true
		}
	}
	return "", false
}

// HasField reports whether the table constructor x has a field with the
// literal key name.
func (x *TableExpr) HasField(name string) bool {
	for _, f := range x.Fields {
		if k, ok := FieldKey(f); ok && k == name {
			return true
		}
	}
	return false
}

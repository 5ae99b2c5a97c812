// Package brackets pairs the brackets of a token stream, for the front
// ends that lex their host language into tokens of their own (JavaScript,
// PHP, Python, Ruby): which bracket closes which, and the innermost brace around each
// token. It knows no language: the front end says what each token is.
package brackets

// Kind is what a token is to the pairing.
type Kind uint8

const (
	// Other is a token that is no bracket.
	Other Kind = iota
	// Open opens a bracket: ( [ and the like.
	Open
	// Brace opens a brace {, which also makes a block.
	Brace
	// Close closes the innermost open bracket, of whatever kind: ) ] }.
	Close
)

// Pairs is how the brackets of n tokens pair.
type Pairs struct {
	// Closing[i] is the index after the bracket closing the one opening
	// at i, n for one left open, 0 for a token that opens none.
	Closing []int
	// Opening[j] is the bracket the one at j closes, 0 for a token that
	// closes none.
	Opening []int
	// Blocks[i] is the innermost brace holding token i (-1: none); a
	// brace's own closing token is inside it.
	Blocks []int
	kinds  []Kind
}

// KindOf is the kind of the punctuation token text among the brackets
// the front ends share: ( [ open, { is a brace, ) ] } close.
func KindOf(text string) Kind {
	switch text {
	case "(", "[":
		return Open
	case "{":
		return Brace
	case ")", "]", "}":
		return Close
	}
	return Other
}

// PairTokens pairs the brackets of n tokens, kind(i) saying what token i
// is (see Pair).
func PairTokens(n int, kind func(i int) Kind) Pairs {
	kinds := make([]Kind, n)
	for i := range kinds {
		kinds[i] = kind(i)
	}
	return Pair(kinds)
}

// Pair pairs the brackets of the tokens whose kinds are kinds. A bracket
// left open closes at the end of the tokens; a closing bracket of another
// kind closes it too; a closing bracket with none open closes nothing.
func Pair(kinds []Kind) Pairs {
	n := len(kinds)
	ps := Pairs{Closing: make([]int, n), Opening: make([]int, n), Blocks: make([]int, n), kinds: kinds}
	var stack, braces []int
	for j, k := range kinds {
		ps.Blocks[j] = -1
		if b := len(braces); b > 0 {
			ps.Blocks[j] = braces[b-1]
		}
		switch k {
		case Open, Brace:
			stack = append(stack, j)
			if k == Brace {
				braces = append(braces, j)
			}
		case Close:
			if s := len(stack); s > 0 {
				open := stack[s-1]
				ps.Closing[open], ps.Opening[j] = j+1, open
				if kinds[open] == Brace && len(braces) > 0 {
					braces = braces[:len(braces)-1]
				}
				stack = stack[:s-1]
			}
		}
	}
	for _, j := range stack {
		ps.Closing[j] = n
	}
	return ps
}

// Partner returns the bracket paired with the one at i: the closing one
// of an opening bracket, the opening one of a closing bracket; -1 for a
// bracket left unpaired and for a token that is none.
func (ps Pairs) Partner(i int) int {
	if i < 0 || i >= len(ps.kinds) {
		return -1
	}
	switch ps.kinds[i] {
	case Open, Brace:
		if c := ps.Closing[i] - 1; c >= 0 && c < len(ps.kinds) && ps.kinds[c] == Close && ps.Opening[c] == i {
			return c
		}
	case Close:
		if o := ps.Opening[i]; (ps.kinds[o] == Open || ps.kinds[o] == Brace) && ps.Closing[o] == i+1 {
			return o
		}
	}
	return -1
}

// Enclosing returns, for each token, the innermost paired bracket holding
// it (-1: none). A bracket token's own entry is the bracket around it; a
// closing bracket is held by the one it closes. Brackets left unpaired
// hold nothing.
func (ps Pairs) Enclosing() []int {
	encl := make([]int, len(ps.kinds))
	var stack []int
	for k := range encl {
		encl[k] = -1
		if n := len(stack); n > 0 {
			encl[k] = stack[n-1]
		}
		switch m := ps.Partner(k); {
		case m > k:
			stack = append(stack, k)
		case m >= 0 && m < k && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
	}
	return encl
}

package ruby

import (
	"regexp"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/strvalue"
)

// value is a string expression evaluated as far as the file shows.
type value = strvalue.Value[litRef]

// litRef is one literal of a value, with how its text is to be encoded.
type litRef struct {
	lit     *literal
	percent bool
}

// fromLiteral is the value of one literal.
func fromLiteral(l *literal) value {
	v := strvalue.FromLiteral(litRef{lit: l}, l.pieces, strvalue.Span(l.span))
	if l.interpolated {
		v.Runtime = "interpolation"
	}
	return v
}

// placeholder is a value standing for a run-time part.
func placeholder(text string, at frontend.Span) value {
	return strvalue.Placeholder[litRef](text, strvalue.Span(at))
}

// percentSpec is a format conversion specifier (String#%, format).
var percentSpec = regexp.MustCompile(`^%(\{[^}]*\}|(<[^>]*>)?[#0\- +]*(\*|\d+)?(\.(\*|\d+))?[bBdiouxXeEfgGaAcps])`)

// percentFormat applies `template % values` or format(template, ...):
// each conversion becomes a placeholder, %% a percent sign.
func percentFormat(v *value, src []byte) {
	v.PercentFormat(src, percentSpec, 80)
	for k := range v.Lits {
		v.Lits[k].percent = true
	}
	v.Runtime = "a format call"
}

// chomp removes one line break at the end.
func chomp(v *value) {
	n := len(v.Pieces)
	if n > 0 && v.ByteAt(n-1) == '\n' {
		n--
		if n > 0 && v.ByteAt(n-1) == '\r' {
			n--
		}
	} else if n > 0 && v.ByteAt(n-1) == '\r' {
		n--
	}
	v.Pieces = v.Pieces[:n]
}

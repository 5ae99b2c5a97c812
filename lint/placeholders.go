package lint

import (
	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// placeholderSpans returns the spans of ps (nil for none).
func placeholderSpans(ps []Placeholder) []luaast.Span {
	if len(ps) == 0 {
		return nil
	}
	out := make([]luaast.Span, len(ps))
	for i, p := range ps {
		out[i] = p.Span
	}
	return out
}

// PlaceholderHint is in the message of a syntax error at a placeholder.
const PlaceholderHint = "a part of the script that the host code fills in at run time"

// placeholderHints adds to each syntax error at a placeholder of an
// embedded script that the host fills that part in at run time: the error
// may be the stand-in's, not the script's.
func placeholderHints(diags []analyzer.Diagnostic, src []byte, ps []Placeholder) {
	spans := placeholderSpans(ps)
	for i := range diags {
		d := &diags[i]
		if d.RuleID != analyzer.SyntaxErrorRuleID {
			continue
		}
		if k := analyzer.PlaceholderAt(src, d.Span.Start, spans); k >= 0 {
			d.Message += " (at `" + ps[k].Text + "`, " + PlaceholderHint + ": " +
				"the script was checked with an opaque value there, and the error may come from that value, not from the script)"
		}
	}
}

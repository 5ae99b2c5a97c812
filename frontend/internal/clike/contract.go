package clike

import "github.com/redis-lua-lint/redis-lua-lint/frontend"

// Contract returns the scripts and run-time calls of p's file in the
// front-end contract's terms, and where the file's budget ran out.
func Contract(p *Parser) *frontend.Found {
	src, res := p.Src, Find(p)
	out := &frontend.Found{}
	if p.Over != nil {
		out.Budget = frontend.OverBudget(len(src), frontend.Span{Start: p.Over.Start, End: p.Over.End})
	}
	for _, s := range res.Scripts {
		out.Scripts = append(out.Scripts, script(src, s))
	}
	for _, r := range res.Runtime {
		out.Runtime = append(out.Runtime, frontend.Runtime{API: r.API, Span: frontend.Span(r.Span), BuiltBy: r.BuiltBy})
	}
	return out
}

func script(src []byte, f Found) *frontend.Script {
	var b frontend.Builder
	ids := make([]int32, len(f.Value.Lits))
	for k, l := range f.Value.Lits {
		ids[k] = b.Literal(frontend.Span(l.Span), l.Encode)
	}
	for _, p := range f.Value.Pieces {
		if p.Hole {
			b.AddPlaceholder(string(src[p.From.Start:p.From.End]), frontend.Span(p.From))
			continue
		}
		var id int32
		if p.Lit > 0 && p.Lit <= len(ids) {
			id = ids[p.Lit-1]
		}
		b.Add(p.Text, frontend.Span(p.From), id)
	}
	s := b.Script(frontend.Span(f.Value.Span))
	s.Name = f.Name
	s.Call = callSite(f.Call)
	for _, c := range f.Calls {
		s.Calls = append(s.Calls, callSite(c))
	}
	return s
}

func callSite(c *Site) *frontend.CallSite {
	if c == nil {
		return nil
	}
	site := &frontend.CallSite{API: c.API, Span: frontend.Span(c.Span), NumKeys: c.NumKeys, NumKeysSpan: frontend.Span(c.NumKeysSpan),
		KeysKnown: c.KeysKnown, KeysSpan: frontend.Span(c.KeysSpan), Library: c.Library}
	for _, k := range c.Keys {
		site.Keys = append(site.Keys, frontend.Key{Value: k.Value, Known: k.Known, Span: frontend.Span(k.Span)})
	}
	return site
}

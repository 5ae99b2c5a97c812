// Package jvm is the front end of Java and Kotlin files: it finds the Lua
// scripts their string literals hold (Java "..." and text blocks, Kotlin
// "..." and raw strings with trimIndent/trimMargin, `+` chains, constants
// of the file, String.format and String.join) and the calls that run
// them (Jedis, Lettuce, Redisson, Spring Data Redis), with the host range
// of every byte of each script. docs/languages/java.md lists what it
// reads.
package jvm

import (
	"bytes"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// FrontEnd reads the files of one of the two languages.
type FrontEnd struct {
	kotlin bool
}

// Java returns the front end of Java files (.java).
func Java() *FrontEnd { return &FrontEnd{} }

// Kotlin returns the front end of Kotlin files (.kt, .kts).
func Kotlin() *FrontEnd { return &FrontEnd{kotlin: true} }

// Language implements frontend.Frontend.
func (f *FrontEnd) Language() string {
	if f.kotlin {
		return "kotlin"
	}
	return "java"
}

// Extensions implements frontend.Frontend.
func (f *FrontEnd) Extensions() []string {
	if f.kotlin {
		return []string{".kt", ".kts"}
	}
	return []string{".java"}
}

// hints are byte strings one of which any file holding a script holds.
var hints = [][]byte{[]byte("redis."), []byte("server.call"), []byte("server.pcall"), []byte("eval"), []byte("Eval"),
	[]byte("scriptLoad"), []byte("RedisScript"), []byte("ScriptSource"), []byte("functionLoad"), []byte("Script("), []byte("Script<"),
	[]byte("EVAL"), []byte("SCRIPT"), []byte("script\""), []byte("FUNCTION"), []byte("function\"")}

// MayHold implements frontend.Frontend.
func (f *FrontEnd) MayHold(src []byte) bool {
	for _, h := range hints {
		if bytes.Contains(src, h) {
			return true
		}
	}
	return false
}

// Find implements frontend.Frontend.
func (f *FrontEnd) Find(path string, src []byte) (*frontend.Found, error) {
	cfg := &clike.Config{NewlineEndsChain: f.kotlin, ArraySpread: !f.kotlin, Primary: primary, Postfix: postfix, APIs: apis}
	p := clike.NewParser(src, lex(src, f.kotlin), cfg)
	found := convert(src, clike.Find(p))
	if p.Over != nil {
		found.Budget = frontend.OverBudget(len(src), frontend.Span{Start: p.Over.Start, End: p.Over.End})
	}
	return found, nil
}

// convert turns what clike found into the front-end contract's terms.
func convert(src []byte, res clike.Result) *frontend.Found {
	out := &frontend.Found{}
	for _, s := range res.Scripts {
		out.Scripts = append(out.Scripts, script(src, s))
	}
	for _, r := range res.Runtime {
		out.Runtime = append(out.Runtime, frontend.Runtime{API: r.API, Span: frontend.Span(r.Span), BuiltBy: r.BuiltBy})
	}
	return out
}

func script(src []byte, f clike.Found) *frontend.Script {
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

func callSite(c *clike.Site) *frontend.CallSite {
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

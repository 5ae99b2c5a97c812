package lsp

import (
	"fmt"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// hover describes the Redis command whose name is under the cursor in
// redis.call / redis.pcall / server.call, or the rule whose ID is under
// the cursor in a suppression comment.
func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	c, _ := s.current(p.TextDocument.URI)
	if c == nil || !c.linted || c.cfg == nil {
		return nil, nil
	}
	src := c.result.Src
	if !c.lua {
		return nil, nil // a host file: its offsets are not a Lua script's
	}
	off := luaast.Pos(c.lines.offset(p.Position))
	f, _ := luaast.Parse("", src) // a partial tree still has what precedes the error
	var text string
	var span luaast.Span
	if d, r := ruleAt(f, off); r != "" {
		if rule := s.ruleByID(r); rule != nil {
			text, span = s.ruleHover(rule), d
		}
	}
	if text == "" {
		name, sp, ok := commandAt(f, off)
		if !ok {
			return nil, nil
		}
		text, span = commandHover(c.cfg, name), sp
	}
	if text == "" {
		return nil, nil
	}
	rng := c.lines.rangeOf(span)
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text},
		Range:    &rng,
	}, nil
}

// ruleAt returns the rule ID under off in a suppression comment, with
// its span.
func ruleAt(f *luaast.File, off luaast.Pos) (luaast.Span, string) {
	for _, d := range lint.ParseDirectives(f) {
		if off < d.Span.Start || off > d.Span.End {
			continue
		}
		for _, r := range d.Rules {
			if r.Span.Start <= off && off <= r.Span.End {
				return r.Span, r.ID
			}
		}
	}
	return luaast.Span{}, ""
}

// commandAt returns the command named by the string literal under off
// when it is the first argument of redis.call, redis.pcall or
// server.call (or the second, for a subcommand: "CLIENT KILL").
func commandAt(f *luaast.File, off luaast.Pos) (name string, span luaast.Span, ok bool) {
	if f == nil || f.Block == nil {
		return "", span, false
	}
	luaast.Inspect(f.Block, func(n luaast.Node) bool {
		if ok || n == nil {
			return false
		}
		call, isCall := n.(*luaast.CallExpr)
		if !isCall || !isRedisCall(call.Fn) || len(call.Args) == 0 {
			return true
		}
		first, isStr := luaast.Unparen(call.Args[0]).(*luaast.StringLit)
		if !isStr {
			return true
		}
		var second *luaast.StringLit
		if len(call.Args) > 1 {
			second, _ = luaast.Unparen(call.Args[1]).(*luaast.StringLit)
		}
		switch {
		case within(first, off):
			name, span, ok = first.Value, luaast.SpanOf(first), true
			if second != nil {
				name += " " + second.Value // tried as a subcommand first
			}
		case second != nil && within(second, off):
			name, span, ok = first.Value+" "+second.Value, luaast.SpanOf(second), true
		}
		return !ok
	})
	return name, span, ok
}

func within(n luaast.Node, off luaast.Pos) bool { return n.Pos() <= off && off <= n.End() }

// isRedisCall reports whether fn is redis.call, redis.pcall, server.call
// or server.pcall.
func isRedisCall(fn luaast.Expr) bool {
	fe, ok := luaast.Unparen(fn).(*luaast.FieldExpr)
	if !ok {
		return false
	}
	x, ok := fe.X.(*luaast.Ident)
	return ok && (x.Name == "redis" || x.Name == "server") && (fe.Name.Name == "call" || fe.Name.Name == "pcall")
}

// commandHover describes the command name ("ZADD", or "CLIENT KILL"
// for a subcommand: the container alone when the pair is not one) on
// cfg's target version.
func commandHover(cfg *lint.Config, name string) string {
	v := cfg.Version()
	var cmd *redisfacts.Command
	if top, sub, two := strings.Cut(name, " "); two {
		if cmd = cfg.Commands.LookupSubcommand(v, top, sub); cmd == nil {
			name = top
		}
	}
	if cmd == nil {
		cmd = cfg.Commands.Lookup(v, name)
	}
	if cmd == nil {
		return unknownCommandHover(v, strings.ToUpper(name))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", cmd.Name)
	if cmd.Group != "" {
		fmt.Fprintf(&b, " (%s)", strings.ReplaceAll(cmd.Group, "_", " "))
	}
	fmt.Fprintf(&b, " on %s\n\n", v.Label())
	fmt.Fprintf(&b, "```\n%s\n```\n\n", Syntax(cmd, v))
	fmt.Fprintf(&b, "- Arity: %s\n", arityText(cmd))
	if fl := flagNames(cmd.Flags); len(fl) > 0 {
		fmt.Fprintf(&b, "- Flags: %s\n", strings.Join(fl, ", "))
	}
	if cmd.Flags.Fast {
		b.WriteString("- Time complexity: fast (O(1) or O(log N), the FAST flag)\n")
	}
	if len(cmd.ACLCategories) > 0 {
		fmt.Fprintf(&b, "- ACL categories: %s\n", strings.ToLower("@"+strings.Join(cmd.ACLCategories, ", @")))
	}
	var since []string
	if cmd.Since != "" {
		since = append(since, "Redis "+cmd.Since)
	}
	if cmd.SinceValkey != "" {
		since = append(since, "Valkey "+cmd.SinceValkey)
	}
	if len(since) > 0 {
		fmt.Fprintf(&b, "- Since: %s\n", strings.Join(since, ", "))
	}
	if cmd.DeprecatedSince != "" {
		fmt.Fprintf(&b, "- Deprecated since %s", cmd.DeprecatedSince)
		if cmd.ReplacedBy != "" {
			fmt.Fprintf(&b, ": use %s instead", cmd.ReplacedBy)
		}
		b.WriteString("\n")
	}
	if cmd.Flags.NoScript {
		fmt.Fprintf(&b, "\nNot allowed in scripts on %s (noscript).\n", v.Label())
	}
	return b.String()
}

// unknownCommandHover says that v lacks the command, and since when a
// server of its family has it.
func unknownCommandHover(v redisfacts.Version, name string) string {
	w, ok := redisfacts.FirstKnownVersion(v.Valkey, func(w redisfacts.Version) bool {
		return redisfacts.LookupCommand(w, name) != nil
	})
	switch {
	case ok && v.Less(w):
		return fmt.Sprintf("**%s** is not on %s: it arrived in %s.", name, v.Label(), w.Label())
	case ok:
		return fmt.Sprintf("**%s** is no longer on %s.", name, v.Label())
	}
	return ""
}

// arityText explains a command's arity, which counts the name.
func arityText(c *redisfacts.Command) string {
	words := 1
	if c.Container != "" {
		words = 2
	}
	if a := c.Arity; a < 0 {
		return fmt.Sprintf("%d (at least %s after the name)", a, arguments(-a-words))
	}
	return fmt.Sprintf("%d (exactly %s after the name)", c.Arity, arguments(c.Arity-words))
}

// arguments is "1 argument" or "N arguments".
func arguments(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return fmt.Sprintf("%d arguments", n)
}

// flagNames lists the command flags that are set, as COMMAND INFO
// names them.
func flagNames(f redisfacts.CommandFlags) []string {
	var out []string
	for _, x := range []struct {
		on   bool
		name string
	}{
		{f.Write, "write"}, {f.ReadOnly, "readonly"}, {f.DenyOOM, "denyoom"}, {f.Admin, "admin"},
		{f.PubSub, "pubsub"}, {f.NoScript, "noscript"}, {f.Blocking, "blocking"}, {f.Loading, "loading"},
		{f.Stale, "stale"}, {f.SkipMonitor, "skip_monitor"}, {f.SkipSlowlog, "skip_slowlog"},
		{f.Asking, "asking"}, {f.Fast, "fast"}, {f.NoAuth, "no_auth"}, {f.MayReplicate, "may_replicate"},
		{f.NoMandatoryKeys, "no_mandatory_keys"}, {f.Protected, "protected"},
		{f.NoAsyncLoading, "no_async_loading"}, {f.NoMulti, "no_multi"}, {f.AllowBusy, "allow_busy"},
		{f.TouchesArbitraryKeys, "touches_arbitrary_keys"}, {f.Experimental, "experimental"},
	} {
		if x.on {
			out = append(out, x.name)
		}
	}
	return out
}

// Syntax renders a command's syntax as the Redis documentation writes
// it ("SET key value [NX | XX] ..."), with the arguments v accepts.
func Syntax(c *redisfacts.Command, v redisfacts.Version) string {
	parts := []string{c.Name}
	for i := range c.Args {
		if s := argSyntax(&c.Args[i], v); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// argSyntax renders one argument ("" for one v lacks).
func argSyntax(a *redisfacts.Argument, v redisfacts.Version) string {
	if !a.Exists(v) {
		return ""
	}
	var s string
	switch a.Type {
	case redisfacts.ArgPureToken:
		s = a.Token
	case redisfacts.ArgOneOf, redisfacts.ArgBlock:
		var kids []string
		for i := range a.Args {
			if k := argSyntax(&a.Args[i], v); k != "" {
				kids = append(kids, k)
			}
		}
		sep := " "
		if a.Type == redisfacts.ArgOneOf {
			sep = " | "
		}
		s = strings.Join(kids, sep)
		if a.Type == redisfacts.ArgOneOf && !a.Optional && len(kids) > 1 {
			s = "<" + s + ">"
		}
	default:
		s = a.Name
	}
	if a.Token != "" && a.Type != redisfacts.ArgPureToken {
		s = a.Token + " " + s
	}
	if a.Multiple {
		rep := s
		if a.Token != "" && !a.MultipleToken && a.Type != redisfacts.ArgPureToken {
			rep = strings.TrimPrefix(s, a.Token+" ")
		}
		s += " [" + rep + " ...]"
	}
	if a.Optional {
		s = "[" + s + "]"
	}
	return s
}

// ruleHover is a rule's documentation, as explain shows it.
func (s *Server) ruleHover(r *analyzer.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**: %s\n\n", r.ID, r.Doc.Title)
	sev := r.Severity.String()
	if r.DefaultOff {
		sev += " (off by default)"
	}
	fmt.Fprintf(&b, "Default severity: %s", sev)
	if r.Doc.Precision != "" {
		fmt.Fprintf(&b, "; precision: %s", r.Doc.Precision)
	}
	b.WriteString("\n\n")
	if r.Doc.Rationale != "" {
		b.WriteString(strings.TrimSpace(r.Doc.Rationale) + "\n\n")
	}
	if r.Doc.Bad != "" {
		fmt.Fprintf(&b, "Bad:\n```lua\n%s\n```\n\n", strings.TrimRight(r.Doc.Bad, "\n"))
	}
	if r.Doc.Good != "" {
		fmt.Fprintf(&b, "Good:\n```lua\n%s\n```\n\n", strings.TrimRight(r.Doc.Good, "\n"))
	}
	if s.opts.RulesDocURL != "" {
		fmt.Fprintf(&b, "[Documentation](%s#%s)\n", s.opts.RulesDocURL, r.ID)
	}
	return b.String()
}

// Package frontend is the contract between the host-language front ends
// and the driver: a front end finds the Lua scripts embedded in a host
// file (a JavaScript, Python, Java, Ruby, PHP, C# or Go source) and
// yields, for each, its text, where every byte of it comes from in the
// host file, the parts the host fills in at run time, and what the call
// site shows. Check lints them all through the engine and maps the
// findings back into the host file, so printers never know where a script
// came from.
package frontend

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// Span is a half-open range [Start, End) of byte offsets in the host file.
type Span struct{ Start, End int }

// Frontend finds the scripts of one host language.
type Frontend interface {
	// Language is the name users configure (`languages:`), such as
	// "javascript".
	Language() string
	// Extensions are the file-name extensions the front end reads, with
	// their dot (".js").
	Extensions() []string
	// MayHold is a cheap test on the file's bytes: false when the file
	// cannot hold a script (most files of an application), so that a walk
	// costs little more than reading the files.
	MayHold(src []byte) bool
	// Find returns the scripts of the host file src. An error is for a
	// file the front end cannot read at all; a literal it cannot decode is
	// left out.
	Find(path string, src []byte) (*Found, error)
}

// Found is what a front end found in one host file.
type Found struct {
	// Scripts are the scripts, in the order of their text in the file.
	Scripts []*Script
	// Runtime are the calls that pass a script built at run time (a
	// literal concatenated with a variable, a format call): each variant
	// is a new script in the server's script cache.
	Runtime []Runtime
	// Budget, when the front end used one, says whether the text it
	// assembled ran out of it (Budget.Over): Check then reports that a
	// value was not linted.
	Budget *Budget
}

// Script is one Lua script found in a host file.
type Script struct {
	// Text is the script as Redis receives it, with each placeholder
	// replaced by analyzer.PlaceholderName.
	Text []byte
	// From[i] is the host range that produced Text[i]: the byte itself,
	// the whole escape sequence, or the whole placeholder.
	From []Span
	// Lit[i] is the literal (1-based index into Literals) that Text[i]
	// comes from; 0 for a placeholder or text whose literal is not at
	// hand. A fix is offered only when all its edits stay in one literal.
	Lit []int32
	// Literals are the host string literals the text comes from.
	Literals []Literal
	// Placeholders are the run-time parts, sorted by position.
	Placeholders []Placeholder
	// Whole is the host expression the script comes from (the literal, the
	// concatenation chain, the constant's value): findings on an empty
	// script point at its start, and a host comment on the line above its
	// start may silence rules for the script (see Check).
	Whole Span
	// Call is the call site that runs the script; nil for a script found
	// as a constant or an assignment.
	Call *CallSite
	// Calls are further call sites that run the same script: a script
	// object made once (redis-py register_script, go-redis NewScript) and
	// run at several places with their keys.
	Calls []*CallSite
	// Name is the constant or variable that holds the script, if any.
	Name string
}

// Literal is one host string literal that a script's text comes from.
type Literal struct {
	// Span is the whole literal, quotes included.
	Span Span
	// Encode returns text as it must be written inside the literal to
	// mean text (escapes added), and false when it cannot be written
	// there (a raw string that cannot hold a character).
	Encode func(text string) (string, bool)
}

// Placeholder is a part of a script that the host fills in at run time:
// `${x}` in a JavaScript template, `#{x}` in Ruby, `{x}` in an f-string,
// `%s` in a format string, `'.$x.'` in PHP. Lua is the stand-in's range
// in Script.Text, Host the placeholder's range in the host file, and Text
// its host text.
type Placeholder struct {
	Lua  Span
	Host Span
	Text string
}

// CallSite is what the call that runs a script shows.
type CallSite struct {
	// API is the call as users write it ("defineCommand", "eval",
	// "LuaScript.Prepare"), for messages.
	API string
	// Span is the call expression.
	Span Span
	// NumKeys is the literal key count the call passes (redis-py
	// eval(script, 2, ...), ioredis numberOfKeys), -1 when it shows none.
	NumKeys int
	// NumKeysSpan is the argument holding NumKeys.
	NumKeysSpan Span
	// Keys are the keys the call passes when it shows the list (a literal
	// array of keys: StackExchange.Redis keys:, Spring
	// execute(script, keys, args)); KeysKnown says it does, so that
	// len(Keys) is the key count.
	Keys      []Key
	KeysKnown bool
	// KeysSpan is the argument holding Keys.
	KeysSpan Span
	// Library marks a call that loads a Functions library (FUNCTION
	// LOAD): it takes no keys.
	Library bool
}

// Key is one key a call site passes.
type Key struct {
	// Value is the key's text when Known (a string literal).
	Value string
	Known bool
	Span  Span
}

// Runtime is a call passing a script built at run time.
type Runtime struct {
	// API is the call as users write it.
	API string
	// Span is the script argument.
	Span Span
	// BuiltBy says how it is built ("concatenation with a variable",
	// "a format call").
	BuiltBy string
}

// Builder assembles a Script byte by byte, as a front end decodes the
// literals of a host expression.
type Builder struct {
	s Script
}

// Literal starts a host literal spanning span (quotes included), with
// its encoder, and returns its index for Add.
func (b *Builder) Literal(span Span, encode func(string) (string, bool)) int32 {
	b.s.Literals = append(b.s.Literals, Literal{Span: span, Encode: encode})
	return int32(len(b.s.Literals))
}

// Add appends the Lua bytes text, produced by the host range from in
// literal lit (0: none): one byte of source, or a whole escape sequence
// that decodes to text.
func (b *Builder) Add(text string, from Span, lit int32) {
	for i := range len(text) {
		b.s.Text = append(b.s.Text, text[i])
		b.s.From = append(b.s.From, from)
		b.s.Lit = append(b.s.Lit, lit)
	}
}

// AddPlaceholder appends the stand-in of a run-time part whose host text
// is text, at host range from.
func (b *Builder) AddPlaceholder(text string, from Span) {
	start := len(b.s.Text)
	b.Add(analyzer.PlaceholderName, from, 0)
	b.s.Placeholders = append(b.s.Placeholders, Placeholder{Lua: Span{start, len(b.s.Text)}, Host: from, Text: text})
}

// Script returns the script built, for the host expression whole, and
// resets the builder.
func (b *Builder) Script(whole Span) *Script {
	s := b.s
	s.Whole = whole
	b.s = Script{}
	return &s
}

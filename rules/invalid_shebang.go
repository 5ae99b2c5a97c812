package rules

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var invalidShebangRule = &analyzer.Rule{
	ID:       "invalid-shebang",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis},
	Doc: analyzer.Doc{
		Title: "a #!lua line that Redis rejects",
		Rationale: "Since Redis 7.0 the first line of a script may be a shebang. For EVAL scripts it is " +
			"exactly `#!lua` followed by `flags=` options whose flags are no-writes, allow-oom, allow-stale, " +
			"no-cluster and allow-cross-slot-keys, compared case-sensitively; a Functions library's line is " +
			"`#!lua name=<library>` with nothing else, the name made of letters, digits and underscores " +
			"(libraries declare flags per function, in redis.register_function). Anything else makes EVAL, " +
			"SCRIPT LOAD or FUNCTION LOAD fail before the script runs, with \"Unexpected flag in script " +
			"shebang\", \"Unknown lua shebang option\", \"Unexpected engine in script shebang\", \"Invalid " +
			"metadata value given\" or \"Invalid script shebang\" (a shebang without a newline); every " +
			"message quotes what the server answers (verified on 7.0.15). `name=` makes the file a " +
			"library: a file with `name=` that registers no function is reported too. A library name that is a " +
			"placeholder of host-language code (`#!lua name=%s`, `name={lib}`, `name=${lib}`) is reported once as a " +
			"template, which host code fills in before FUNCTION LOAD; the function names built from placeholders " +
			"in it are not reported again by invalid-register-function. Redis 6.2 does not " +
			"know shebangs at all.",
		Bad:       "#!lua flags=no-write\nreturn redis.call('GET', KEYS[1])\n",
		Good:      "#!lua flags=no-writes\nreturn redis.call('GET', KEYS[1])\n",
		Tags:      []string{"correctness"},
		Precision: "very-high",
	},
	Run: runInvalidShebang,
}

func init() { register(invalidShebangRule) }

// evalScriptFlags are the flags an EVAL shebang accepts (src/script.c
// scripts_flags_def, compared with strcmp).
var evalScriptFlags = []string{"no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"}

// shebangToken is one argument of the shebang line as sdssplitargs
// splits it: Text is decoded, [Start, End) is its raw extent in the line.
type shebangToken struct {
	Text       string
	Start, End int
	// Plain is true when the raw text has no quotes or escapes, so offsets
	// inside Text are offsets inside the raw token.
	Plain bool
}

// splitShebangArgs splits line as Redis's sdssplitargs does: tokens
// separated by spaces, tabs, CR and LF; "double quotes" with \xHH and
// \n-style escapes and 'single quotes' with \' may appear anywhere in a
// token, and a closing quote must be followed by a space or the end. ok is
// false for unbalanced quotes (Redis then rejects the line).
func splitShebangArgs(line string) (tokens []shebangToken, ok bool) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0 }
	i := 0
	for {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		if i >= len(line) {
			return tokens, true
		}
		tok := shebangToken{Start: i, Plain: true}
		var b strings.Builder
		inDouble, inSingle := false, false
	token:
		for {
			if i >= len(line) {
				if inDouble || inSingle {
					return nil, false
				}
				break
			}
			c := line[i]
			switch {
			case inDouble:
				switch {
				case c == '\\' && i+3 < len(line) && line[i+1] == 'x' && luaast.IsHexDigit(line[i+2]) && luaast.IsHexDigit(line[i+3]):
					v, _ := strconv.ParseUint(line[i+2:i+4], 16, 8)
					b.WriteByte(byte(v))
					i += 3
				case c == '\\' && i+1 < len(line):
					i++
					switch line[i] {
					case 'n':
						b.WriteByte('\n')
					case 'r':
						b.WriteByte('\r')
					case 't':
						b.WriteByte('\t')
					case 'b':
						b.WriteByte('\b')
					case 'a':
						b.WriteByte('\a')
					default:
						b.WriteByte(line[i])
					}
				case c == '"':
					if i+1 < len(line) && !isSpace(line[i+1]) {
						return nil, false
					}
					i++
					break token
				default:
					b.WriteByte(c)
				}
			case inSingle:
				switch {
				case c == '\\' && i+1 < len(line) && line[i+1] == '\'':
					b.WriteByte('\'')
					i++
				case c == '\'':
					if i+1 < len(line) && !isSpace(line[i+1]) {
						return nil, false
					}
					i++
					break token
				default:
					b.WriteByte(c)
				}
			default:
				switch {
				case isSpace(c):
					break token
				case c == '"':
					inDouble, tok.Plain = true, false
				case c == '\'':
					inSingle, tok.Plain = true, false
				default:
					b.WriteByte(c)
				}
			}
			i++
		}
		tok.Text, tok.End = b.String(), i
		tokens = append(tokens, tok)
	}
}

func runInvalidShebang(pass *analyzer.Pass) {
	src := pass.File.Src
	if !bytes.HasPrefix(src, []byte("#!")) {
		return
	}
	end := bytes.IndexByte(src, '\n')
	hasNewline := end >= 0
	if !hasNewline {
		end = len(src)
	}
	line := string(src[:end])
	lineSpan := luaast.Span{Start: 0, End: luaast.Pos(len(strings.TrimRight(line, "\r")))}
	tokens, ok := splitShebangArgs(line)
	library := false
	if ok {
		for _, t := range tokens[1:] {
			k, _, hasEq := strings.Cut(t.Text, "=")
			library = library || hasEq && strings.EqualFold(k, "name")
		}
	} else {
		library = strings.Contains(strings.ToLower(line), "name=")
	}
	v := pass.Version
	if !v.Valkey && !v.AtLeast(7, 0) {
		pass.Report(analyzer.Diagnostic{Span: lineSpan, Message: fmt.Sprintf("'#!' lines need Redis 7.0+: %s fails to compile the script; remove the line, or set redis-version: 7.0 or newer", v.Label())})
		return
	}
	report := func(from, to int, format string, args ...any) {
		pass.Report(analyzer.Diagnostic{Span: luaast.Span{Start: luaast.Pos(from), End: luaast.Pos(to)}, Message: fmt.Sprintf(format, args...)})
	}
	switch {
	case !hasNewline && library:
		report(0, int(lineSpan.End), "the library has nothing after its '#!' line: FUNCTION LOAD answers \"Invalid library metadata\"; the code must follow on the next lines")
		return
	case !hasNewline:
		report(0, int(lineSpan.End), "the '#!' line is the whole script: Redis answers \"Invalid script shebang\"; the code must follow on the next lines")
		return
	case !ok && library:
		report(0, int(lineSpan.End), "unbalanced quotes in the '#!' line: FUNCTION LOAD answers \"Invalid library metadata\"; remove the quotes")
		return
	case !ok:
		report(0, int(lineSpan.End), "unbalanced quotes in the '#!' line: Redis answers \"Invalid engine in script shebang\"; remove the quotes")
		return
	}
	if len(tokens) >= 2 && tokens[0].Text == "#!" && strings.EqualFold(tokens[1].Text, "lua") {
		answer := "Redis answers \"Unexpected engine in script shebang: #!\""
		if library {
			answer = fmt.Sprintf("FUNCTION LOAD answers \"Invalid metadata value given: %s\"", tokens[1].Text)
		}
		report(tokens[0].Start, tokens[1].End, "space between '#!' and '%s': %s; write '#!lua'", tokens[1].Text, answer)
		tokens = tokens[2:]
	} else {
		engine := tokens[0]
		switch {
		case library && !strings.EqualFold(engine.Text, "#!lua"):
			report(engine.Start, engine.End, "unknown engine '%s': FUNCTION LOAD answers \"Engine '%s' not found\"; write '#!lua'", strings.TrimPrefix(engine.Text, "#!"), strings.TrimPrefix(engine.Text, "#!"))
		case !library && engine.Text != "#!lua":
			hint := "write '#!lua'"
			if strings.EqualFold(engine.Text, "#!lua") {
				hint = "EVAL compares it case-sensitively: write '#!lua'"
			} else if strings.Contains(engine.Text, "/") {
				hint = "this is not a Unix interpreter line: write '#!lua' or remove the line"
			}
			report(engine.Start, engine.End, "unexpected engine: Redis answers \"Unexpected engine in script shebang: %s\"; %s", engine.Text, hint)
		}
		tokens = tokens[1:]
	}
	if library {
		checkLibraryShebang(pass, tokens, report)
	} else {
		checkEvalShebang(tokens, report)
	}
}

func checkEvalShebang(tokens []shebangToken, report func(from, to int, format string, args ...any)) {
	for _, t := range tokens {
		value, isFlags := strings.CutPrefix(t.Text, "flags=")
		if !isFlags {
			k, _, _ := strings.Cut(t.Text, "=")
			if strings.EqualFold(k, "flags") {
				report(t.Start, t.End, "option '%s' is case-sensitive: Redis answers \"Unknown lua shebang option: %s\"; write 'flags='", t.Text, t.Text)
			} else {
				report(t.Start, t.End, "unknown shebang option '%s': Redis answers \"Unknown lua shebang option: %s\"; an EVAL script's '#!lua' line takes only flags=...", t.Text, t.Text)
			}
			continue
		}
		if value == "" {
			continue // "flags=" declares no flag: accepted
		}
		off := t.Start + len("flags=")
		for _, flag := range strings.Split(value, ",") {
			from, to := t.Start, t.End
			if t.Plain {
				from, to = off, off+len(flag)
			}
			off += len(flag) + 1
			if containsString(evalScriptFlags, flag) {
				continue
			}
			if flag == "" {
				report(t.Start, t.End, "empty flag in '%s': Redis answers \"Unexpected flag in script shebang: \"; remove the extra comma", t.Text)
				continue
			}
			hint := "the flags are " + strings.Join(evalScriptFlags, ", ")
			if s := analyzer.SuggestName(flag, evalScriptFlags); s != "" {
				hint = fmt.Sprintf("did you mean '%s'?", s)
			}
			report(from, to, "unknown script flag '%s': Redis answers \"Unexpected flag in script shebang: %s\"; %s", flag, flag, hint)
		}
	}
}

func checkLibraryShebang(pass *analyzer.Pass, tokens []shebangToken, report func(from, to int, format string, args ...any)) {
	var name *shebangToken
	for i := range tokens {
		t := &tokens[i]
		k, val, hasEq := strings.Cut(t.Text, "=")
		switch {
		case hasEq && strings.EqualFold(k, "name"):
			if name != nil {
				report(t.Start, t.End, "second 'name=' option: FUNCTION LOAD answers \"Invalid metadata value, name argument was given multiple times\"; keep one")
				continue
			}
			name = t
			if ph, kind := analyzer.HostPlaceholder(val); ph != "" && !redisfacts.ValidFunctionName(val) {
				report(t.Start, t.End, "library name '%s' holds '%s', %s of host-language code: the file is a template that host code fills in before FUNCTION LOAD (as sent unfilled, FUNCTION LOAD answers \"Library names can only contain letters, numbers, or underscores(_) and must be at least one character long\"); lint the library as it is sent, or exclude the template", val, ph, kind)
			} else if !redisfacts.ValidFunctionName(val) {
				report(t.Start, t.End, "library name '%s': FUNCTION LOAD answers \"Library names can only contain letters, numbers, or underscores(_) and must be at least one character long\"; use only [A-Za-z0-9_]", val)
			}
		case hasEq && strings.EqualFold(k, "flags"):
			report(t.Start, t.End, "'%s' in a library's '#!lua' line: FUNCTION LOAD answers \"Invalid metadata value given: %s\"; a library takes flags per function, in redis.register_function{..., flags = {...}}", t.Text, t.Text)
		default:
			report(t.Start, t.End, "unknown library option '%s': FUNCTION LOAD answers \"Invalid metadata value given: %s\"; a library's '#!lua' line takes only name=<library>", t.Text, t.Text)
		}
	}
	if name == nil {
		return
	}
	info := analyzer.Script(pass)
	if len(info.Registrations) == 0 && !bytes.Contains(pass.File.Src, []byte("register_function")) {
		report(name.Start, name.End, "'%s' makes this file a Functions library, but it registers no function: FUNCTION LOAD answers \"No functions registered\" and EVAL \"Unknown lua shebang option: %s\"; remove it for an EVAL script", name.Text, name.Text)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

package analyzer

import "strings"

// HostPlaceholder returns the first placeholder of host-language code
// found in s, and what kind it is: a printf-style verb (%s, %d, %05.2f,
// Python's %(name)s), a format-string field ({name}, {0}, {{ name }}), a
// variable interpolated by PHP, shell or JavaScript ($name, ${name}, the
// '.$x.' of a PHP concatenation), Ruby's #{name}, or an ERB tag (<%= x %>).
// Such text in a script means the file is a template that host code fills
// in before Redis sees it. Both results are empty when s holds none.
func HostPlaceholder(s string) (placeholder, kind string) {
	for i := range len(s) {
		if n, k := placeholderAt(s, i); n > 0 {
			return s[i : i+n], k
		}
	}
	return "", ""
}

// placeholderAt returns the length and kind of the host placeholder that
// starts at offset i of s (0 when none does).
func placeholderAt(s string, i int) (int, string) {
	rest := s[i:]
	switch rest[0] {
	case '%':
		return printfVerbLen(rest), "a printf-style format verb"
	case '{':
		if strings.HasPrefix(rest, "{{") {
			if end := strings.Index(rest, "}}"); end > 2 && isFieldText(strings.TrimSpace(rest[2:end])) {
				return end + 2, "a template field"
			}
			return 0, ""
		}
		if end := strings.IndexByte(rest, '}'); end >= 1 && isFieldText(rest[1:end]) {
			return end + 1, "a format-string field"
		}
	case '$':
		if strings.HasPrefix(rest, "${") {
			if end := strings.IndexByte(rest, '}'); end > 2 && isFieldText(rest[2:end]) {
				return end + 1, "an interpolated variable"
			}
			return 0, ""
		}
		if n := nameLen([]byte(rest[1:])); n > 0 && !(rest[1] >= '0' && rest[1] <= '9') {
			return n + 1, "an interpolated variable"
		}
	case '#':
		if strings.HasPrefix(rest, "#{") {
			if end := strings.IndexByte(rest, '}'); end > 2 && isFieldText(rest[2:end]) {
				return end + 1, "an interpolated variable"
			}
		}
	case '<':
		if strings.HasPrefix(rest, "<%") {
			if end := strings.Index(rest, "%>"); end > 2 {
				return end + 2, "an ERB tag"
			}
		}
	}
	return 0, ""
}

// printfVerbLen returns the length of the printf-style verb s starts with
// (%s, %d, %-5.2f, %(name)s), or 0: only the letters of printf's common
// conversions count, so %% and most Lua pattern classes (%a, %w) are no
// verbs. %s and %d are also pattern classes: callers look only where a
// pattern cannot be (a library or function name, a syntax error).
func printfVerbLen(s string) int {
	j := 1
	if j < len(s) && s[j] == '(' {
		end := strings.IndexByte(s, ')')
		if end < 0 || end == 2 || !isFieldText(s[2:end]) {
			return 0
		}
		j = end + 1
	}
	for j < len(s) && strings.IndexByte("-+ #0", s[j]) >= 0 {
		j++
	}
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
		j++
	}
	if j >= len(s) || strings.IndexByte("sdifuxXvqgeEr", s[j]) < 0 {
		return 0
	}
	return j + 1
}

// isFieldText reports whether s can name a format field: a name or index,
// dotted or subscripted (user.id, 0, items[0]), possibly followed by a
// conversion or format spec (!r, :>10).
func isFieldText(s string) bool {
	if s == "" {
		return true // {} and the like: a positional field
	}
	if i := strings.IndexAny(s, "!:"); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return false
	}
	for k := range len(s) {
		c := s[k]
		if !isNameByte(c) && c != '.' && c != '[' && c != ']' {
			return false
		}
	}
	return true
}

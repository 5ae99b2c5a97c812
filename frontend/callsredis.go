package frontend

import "strings"

// CallsRedis reports whether text calls Redis from Lua: redis.call(,
// redis.pcall(, server.call(, redis.register_function( or {, spaces
// allowed around the dot. It scans for the words, not with a regular
// expression: a front end runs it on every literal of a file, to tell a
// string whose text is a script (rule (c) of the front ends) from one
// that merely mentions redis.
func CallsRedis(text string) bool {
	for _, word := range [...]string{"redis", "server"} {
		for off := 0; ; {
			k := strings.Index(text[off:], word)
			if k < 0 {
				break
			}
			at := off + k
			off = at + len(word)
			if at > 0 && isWordByte(text[at-1]) {
				continue
			}
			rest := strings.TrimLeft(text[off:], " \t\r\n")
			if !strings.HasPrefix(rest, ".") {
				continue
			}
			rest = strings.TrimLeft(rest[1:], " \t\r\n")
			for _, fn := range [...]string{"call", "pcall", "register_function"} {
				if !strings.HasPrefix(rest, fn) {
					continue
				}
				after := strings.TrimLeft(rest[len(fn):], " \t\r\n")
				if strings.HasPrefix(after, "(") || fn == "register_function" && strings.HasPrefix(after, "{") {
					return true
				}
			}
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

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
	return clike.Contract(p), nil
}

// Package hosts is the set of host-language front ends a run reads: which
// front end reads which file name, for discovery (the globs a walk takes)
// and for the engine (lint.HostFiles).
package hosts

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/csharp"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/javascript"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/jvm"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/php"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/python"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/ruby"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// Lua is the language name of plain Lua files (`languages:` in the
// configuration), which no front end reads.
const Lua = "lua"

// All returns every host-language front end, in a fixed order.
func All() []frontend.Frontend {
	return []frontend.Frontend{
		goembed.Frontend{},
		javascript.New(),
		php.New(),
		jvm.Java(),
		jvm.Kotlin(),
		csharp.New(),
		python.New(),
		ruby.New(),
	}
}

// Languages returns the names `languages:` accepts: lua and each front
// end's.
func Languages() []string {
	out := []string{Lua}
	for _, fe := range All() {
		out = append(out, fe.Language())
	}
	return out
}

// Set is the front ends of the languages a run reads. It implements
// lint.HostFiles.
type Set struct {
	byExt map[string]frontend.Frontend
	lua   bool
}

// New returns the set of the named languages; nil or empty names every
// language. An unknown name is an error that lists the known ones.
func New(languages []string) (*Set, error) {
	s := &Set{byExt: map[string]frontend.Frontend{}}
	all := All()
	if len(languages) == 0 {
		languages = Languages()
	}
	for _, name := range languages {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == Lua {
			s.lua = true
			continue
		}
		i := slices.IndexFunc(all, func(fe frontend.Frontend) bool { return fe.Language() == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown language %q (known: %s)", name, strings.Join(Languages(), ", "))
		}
		for _, ext := range all[i].Extensions() {
			s.byExt[ext] = all[i]
		}
	}
	return s, nil
}

// Without returns a copy of s without the language name (Go files are
// left to the go command when Go packages are named).
func (s *Set) Without(name string) *Set {
	out := &Set{byExt: map[string]frontend.Frontend{}, lua: s.lua && name != Lua}
	for ext, fe := range s.byExt {
		if fe.Language() != name {
			out.byExt[ext] = fe
		}
	}
	return out
}

// Globs returns the basename globs of the files a directory walk reads:
// *.lua when Lua is read, and each front end's extensions, sorted.
func (s *Set) Globs() []string {
	var out []string
	if s.lua {
		out = append(out, "*.lua")
	}
	for ext := range s.byExt {
		out = append(out, "*"+ext)
	}
	sort.Strings(out)
	return out
}

// For returns the front end that reads the file at p, or nil.
func (s *Set) For(p string) frontend.Frontend {
	return s.byExt[strings.ToLower(path.Ext(p))]
}

// Handles reports whether a front end of the set reads the file at p.
func (s *Set) Handles(p string) bool { return s.For(p) != nil }

// Check lints the scripts embedded in the host file src with e.
func (s *Set) Check(e *lint.Engine, p string, src []byte) (lint.FileResult, bool) {
	fe := s.For(p)
	if fe == nil {
		return lint.FileResult{}, false
	}
	return frontend.Check(e, fe, p, src)
}

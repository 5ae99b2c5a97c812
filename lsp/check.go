package lsp

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// checked is one lint of one version of a document.
type checked struct {
	version int32
	lines   *lineTable
	// result holds the findings (spans are byte offsets into the
	// document's text of that version).
	result lint.FileResult
	// cfg is the configuration the document was linted with (nil when
	// it could not be loaded: cfgErr says why).
	cfg    *lint.Config
	cfgErr error
	// linted is false for a document the server does not lint (not a
	// Lua file, or excluded by the configuration).
	linted bool
	// lua is set when the text is a Lua script (not a host file).
	lua bool
}

// check is the one entry point from a document's text to its findings:
// the configuration of the document's folder, then the engine for a .lua
// file, or Options.HostFile for any other (scripts embedded in host
// languages). Every lint of the server (diagnostics, code actions,
// hovers) goes through it.
func (s *Server) check(path, langID string, src []byte) *checked {
	c := &checked{lines: newLineTable(src)}
	dir := filepath.Dir(path)
	if path == "" {
		dir = s.opts.WorkDir
	}
	ent, err := s.configs.get(s.opts, dir)
	if err != nil {
		c.cfgErr = err
		return c
	}
	c.cfg = ent.cfg
	if path != "" && ent.cfg.Excluded(path) {
		// As check --force-exclude, which editors should use.
		return c
	}
	name := path
	if name == "" {
		name = "untitled.lua"
	}
	switch {
	case strings.EqualFold(filepath.Ext(name), ".lua") || langID == "lua":
		c.result = ent.eng.CheckSource(name, src)
		c.linted, c.lua = true, true
	case s.opts.HostFile != nil:
		c.result, c.linted = s.opts.HostFile(ent.eng, name, src)
	}
	return c
}

// configEntry is a loaded configuration and the engine that lints with it.
type configEntry struct {
	cfg *lint.Config
	eng *lint.Engine
	err error
	// mod and size identify the version of the file read (zero for the
	// defaults), so that an edited configuration is read again.
	mod  time.Time
	size int64
}

// configCache holds the configurations the server has loaded, by file
// (and the defaults by folder), reloaded when their file changes.
type configCache struct {
	mu      sync.Mutex
	entries map[string]*configEntry
}

// get returns the configuration for a document in dir: Options.Config
// when set, else the nearest .redis-lua-lint.yaml from dir up, else the
// defaults; Options.Adjust applied.
func (cc *configCache) get(opts Options, dir string) (*configEntry, error) {
	path := opts.Config
	if path != "" && !filepath.IsAbs(path) {
		path = filepath.Join(opts.WorkDir, path)
	}
	if path == "" {
		found, err := lint.FindConfig(dir)
		if err != nil {
			return nil, err
		}
		path = found
	}
	key := path
	var mod time.Time
	var size int64
	if path == "" {
		key = "\x00defaults:" + dir
	} else {
		st, err := os.Stat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// Reported by LoadConfig below.
		case err != nil:
			return nil, err
		default:
			mod, size = st.ModTime(), st.Size()
		}
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if e, ok := cc.entries[key]; ok && e.mod.Equal(mod) && e.size == size {
		return e, e.err
	}
	e := &configEntry{mod: mod, size: size}
	var cfg *lint.Config
	if path == "" {
		cfg = lint.DefaultConfig(dir)
	} else {
		cfg, e.err = lint.LoadConfig(path, opts.Rules)
	}
	if e.err == nil && opts.Adjust != nil {
		e.err = opts.Adjust(cfg)
	}
	if e.err == nil {
		e.cfg = cfg
		e.eng = lint.NewEngine(opts.Rules, cfg, 1)
	}
	if cc.entries == nil {
		cc.entries = map[string]*configEntry{}
	}
	cc.entries[key] = e
	return e, e.err
}

// forget drops every loaded configuration (a configuration file was
// saved in the editor: its modification time may not have changed yet).
func (cc *configCache) forget() {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.entries = nil
}

// isConfigFile reports whether path names a configuration file.
func isConfigFile(path string) bool {
	base := filepath.Base(path)
	for _, n := range lint.ConfigFileNames {
		if base == n {
			return true
		}
	}
	return false
}

// ruleByID returns the rule with the ID, or nil.
func (s *Server) ruleByID(id string) *analyzer.Rule {
	for _, r := range s.opts.Rules {
		if r.ID == id {
			return r
		}
	}
	return nil
}

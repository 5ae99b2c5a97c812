package goembed

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// CheckFileSource lints the scripts of the Go file name, whose content is
// src (not read from disk), from its syntax alone, as a .go file named on
// the command line without --go-types is: the scripts of its literals
// and the constants of the file, without the call-site rules that need
// types (TypedRuleIDs) and without constants declared in other files.
// It is how `check --fix` re-lints a Go file it fixed. The result's Path
// is display(name).
func CheckFileSource(eng *lint.Engine, name string, src []byte, display func(string) string) (lint.FileResult, error) {
	if display == nil {
		display = func(s string) string { return s }
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return lint.FileResult{}, err
	}
	if _, err := parser.ParseFile(token.NewFileSet(), abs, src, parser.SkipObjectResolution); err != nil {
		return lint.FileResult{}, fmt.Errorf("%s does not parse: %w", display(abs), err)
	}
	col := &collector{eng: eng, opts: LoadOptions{Display: display}, byFile: map[string]*lint.FileResult{}, checked: map[string]bool{}, seen: map[string]bool{}, pkgs: map[string]bool{},
		readFile: func(n string) ([]byte, error) {
			if n == abs {
				return src, nil
			}
			return os.ReadFile(n)
		}}
	col.syntaxFiles([]string{abs})
	res := lint.FileResult{Path: display(abs), Src: src, Lines: luaast.NewLineIndex(src)}
	if fr := col.byFile[abs]; fr != nil {
		res.Diagnostics = analyzer.SortDiagnostics(fr.Diagnostics)
	}
	return res, errors.Join(col.errs...)
}

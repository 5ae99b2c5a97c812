package goembed

import (
	"errors"
	"path/filepath"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// CheckSource lints the scripts embedded in one Go file whose text is src
// (an editor's buffer, saved or not), read from its syntax alone as check
// reads a .go file named on the command line without --go-types: the
// call-site rules that need types (TypedRuleIDs) are skipped for calls
// recognised by name, and the package's other files are not read. The
// result's spans are byte offsets into src; notices say what could not be
// read (a file that does not parse is linted as far as it parses).
func CheckSource(eng *lint.Engine, path string, src []byte) (res lint.FileResult, notices []string) {
	res = lint.FileResult{Path: path, Src: src, Lines: luaast.NewLineIndex(src)}
	abs, err := filepath.Abs(path)
	if err != nil {
		res.Err = err
		return res, nil
	}
	abs = filepath.Clean(abs)
	col := &collector{
		eng: eng, opts: LoadOptions{Dir: filepath.Dir(abs), Display: func(string) string { return path }},
		byFile: map[string]*lint.FileResult{}, checked: map[string]bool{}, seen: map[string]bool{}, pkgs: map[string]bool{},
		readFile: func(name string) ([]byte, error) {
			if name == abs {
				return src, nil
			}
			return nil, errors.New("not the file checked") // syntaxFiles reads only the files named
		},
	}
	col.syntaxFiles([]string{abs})
	if fr := col.byFile[abs]; fr != nil {
		res.Diagnostics = analyzer.SortDiagnostics(fr.Diagnostics)
	}
	res.Err = errors.Join(col.errs...)
	return res, col.notices
}

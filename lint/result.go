package lint

import (
	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// FileResult is what linting one source file produced: the findings, with
// spans as byte offsets into Src. Src is the file as read from disk, which
// for a Go file with embedded scripts is the Go source (diagnostics are
// mapped into it), so printers never need to know where a script came from.
type FileResult struct {
	// Path is the file's path as the user should see it (relative to the
	// working directory where possible, slash-separated).
	Path  string
	Src   []byte
	Lines *luaast.LineIndex
	// Diagnostics are sorted by position, then rule ID; suppressed ones are
	// already removed.
	Diagnostics []analyzer.Diagnostic
	// Err is set when the file could not be read or analysed (an I/O error,
	// an internal error in a rule); Diagnostics may still hold findings.
	Err error
}

// result is the engine's storage of one file's result: the FileResult
// and the line index its Lines points to (one allocation rather than two).
type result struct {
	FileResult
	lines luaast.LineIndex
	// helper marks a file that only declares locals for scripts to
	// include (analyzer.IsHelperFile).
	helper bool
}

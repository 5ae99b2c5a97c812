package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

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
	Diagnostics []Diagnostic
	// Err is set when the file could not be read or analysed (an I/O error,
	// an internal error in a rule); Diagnostics may still hold findings.
	Err error
}

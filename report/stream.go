package report

import (
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// A Stream writes a report one file at a time, for a caller that prints
// while it lints (lint.Engine.CheckStream): the bytes are exactly
// those the format's function (JSON, Text, GitHub) writes for the same
// files in the same order, and nothing is written before the first File
// or Close, so the caller may still print messages before the report.
// After an error a Stream must not be used again.
type Stream interface {
	// File writes the part of the report of one more file. Nothing of
	// r is kept (no slice of its source or findings, no string of a
	// finding, no pointer to its line index): once File returns, the
	// caller may reuse or drop r's memory.
	File(r *lint.FileResult) error
	// Close writes the end of the report (the summary) and flushes it.
	Close() error
}

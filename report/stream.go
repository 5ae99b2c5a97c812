package report

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// A Stream writes a report one file at a time, for a caller that prints
// while it lints (analyzer.Engine.CheckStream): the bytes are exactly
// those the format's function (JSON, Text, GitHub) writes for the same
// files in the same order, and nothing is written before the first File
// or Close, so the caller may still print messages before the report.
// After an error a Stream must not be used again.
type Stream interface {
	// File writes the part of the report of one more file. r is not
	// kept.
	File(r *analyzer.FileResult) error
	// Close writes the end of the report (the summary) and flushes it.
	Close() error
}

// Package goembed lints the Lua scripts embedded in Go code.
//
// Check finds the scripts a type-checked package passes to go-redis (v9,
// v8, v7, v6, rueidiscompat), redigo and rueidis, recognising the calls by the
// callee's package path and receiver type. A source that is a string
// literal, a constant, a constant expression or a variable assigned once
// from one is linted with the engine (every enabled rule, suppression
// comments included), and each finding, related location and fix edit is
// mapped from the Lua text back to the exact bytes of the Go literal it
// came from (through escapes, and through the carriage returns the Go
// scanner drops from raw strings). Check also runs the call-site rules:
// numkeys-mismatch, cross-slot-keys and script-built-at-runtime.
//
// Analyzer wraps Check as a golang.org/x/tools/go/analysis Analyzer (for
// go vet -vettool and golangci-lint); CheckPackages loads packages with
// golang.org/x/tools/go/packages for the redis-lua-lint command line, as
// go vet does (the packages named from source, their dependencies' types
// from export data), and returns analyzer.FileResults whose spans are
// offsets into the Go files.
//
// Code whose types cannot be had (a package that does not type-check,
// dependencies that are missing, .go files read alone) is checked as a
// partial input (Input.Partial): calls without types are recognised by
// their name and their file's client imports (and a project's own
// scripting calls, Eval or NewScript of a literal whose text calls a Redis
// command), constants and variables assigned once whose text calls a
// Redis command and literals holding a Functions library are linted on
// their own, and the call-site rules, which need types, are skipped for
// the calls recognised by name.
//
// A fmt.Sprintf of a constant format is linted with each verb as a
// placeholder (frontend.Placeholder), with types or without.
package goembed

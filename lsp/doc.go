// Package lsp is redis-lua-lint's Language Server Protocol server: it
// lints the documents an editor has open as they are typed (the same
// engine, configuration discovery, severities and suppressions as the
// check command), offers each finding's suggested fixes and an "ignore
// this rule here" comment as code actions, and shows hovers for Redis
// commands (redis.call('ZADD', ...)) and for the rule IDs of suppression
// comments.
//
// The protocol types are github.com/tliron/glsp's (LSP 3.16); messages
// travel over github.com/sourcegraph/jsonrpc2 on any stream (stdio for
// an editor, a pipe in the tests). Requests are handled in the order
// they arrive; lints run on one worker goroutine, so diagnostics of one
// document are published in version order.
package lsp

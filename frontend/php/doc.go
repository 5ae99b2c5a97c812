// Package php finds the Lua scripts embedded in PHP files, for
// frontend.Check.
//
// A script is a string expression (a '...' or "..." literal, a heredoc or
// nowdoc, a . chain of them, a constant, variable, property or method of
// the file whose value is one) that is the script argument of a
// scripting call of Predis, phpredis or Laravel's Redis facade (eval,
// eval_ro, script('load', ...), function('load', ...),
// function->load(...), rawCommand('EVAL', ...), executeCommand('EVAL',
// [...]), executeRaw(['EVAL', ...])), the getScript() of a Predis
// ScriptCommand, or that is bound to a name, returned or passed to some
// other call while its text calls redis.call or redis.pcall (server.*
// alike) or registers a function. Every byte of the script maps to the
// host characters that produced it (an escape sequence as a whole; the
// indentation a heredoc's closing marker removes maps to nothing); $var,
// {$expr}, ${name} and concatenated run-time values become placeholders.
// docs/languages/php.md lists the calls and the limits.
package php

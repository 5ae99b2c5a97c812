// Package javascript finds the Lua scripts embedded in JavaScript and
// TypeScript files, for frontend.Check.
//
// A script is a string expression (a '...' or "..." literal, a template
// literal, String.raw`...`, a + chain of them over several lines, an array
// of lines joined with .join(sep), a constant or variable of the file
// holding one) that is the script argument of a scripting call of ioredis,
// node-redis or @upstash/redis (eval, scriptLoad, script('load', ...),
// functionLoad, ioredis defineCommand's {lua, numberOfKeys} and
// node-redis defineScript's {SCRIPT, NUMBER_OF_KEYS}), or that is bound to
// a name, returned or passed to some other call while its text calls
// redis.call, redis.pcall (server.* alike) or registers a function. Every
// byte of the script maps to the host characters that produced it (an
// escape sequence as a whole); ${...} and other run-time parts become
// placeholders. docs/languages/javascript.md lists the calls and the
// limits.
package javascript

// Package ruby is the front end of Ruby files: it finds the Lua scripts in
// their string literals (quotes, %q/%Q, heredocs with a squiggly one's
// indentation removed, adjacent literals, + and << chains, interpolation,
// format templates), the names bound to them, and the redis-rb and
// redis-client calls that run them with their keys, and maps every Lua
// byte back to the characters of the file (docs/languages/ruby.md).
package ruby

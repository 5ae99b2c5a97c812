// Package python is the front end of Python files: it finds the Lua
// scripts in their string literals (every quote form and prefix, implicit
// concatenation, + chains, % and .format templates, f-strings,
// textwrap.dedent), the names bound to them, and the redis-py calls that
// run them with their key counts or keys, and maps every Lua byte back to
// the characters of the file (docs/languages/python.md).
package python

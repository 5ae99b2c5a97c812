package libraries

import "fmt"

// want-scripts: 2

type library struct{ Name, Code string }

// A Functions library kept in a struct field: a template whose #!lua line
// holds a verb has its verbs as placeholders.
var lib = library{Name: "mylib", Code: `#!lua name=%s
redis.register_function('%s', function(keys, args)
  return tonumbr(redis.call('GET', keys[1])) -- want: undefined-global
end)`}

// One without verbs, in a map.
var libs = map[string]string{
	"counter": "#!lua name=counter\nredis.register_function('incr', function(keys) return redis.call('INCR', keys[1]) + nope end)", // want: undefined-global
}

// A piece of a concatenation is not a library alone.
func build(body string) string { return fmt.Sprint("#!lua name=x\n" + body) }

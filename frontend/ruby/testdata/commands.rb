# want-scripts: 5
# Command arrays with the command name as a literal.
CASES = [
  { command: ['eval', 'return KEYS[2]', '1', 'a'], want: 'x' },  # want: numkeys-mismatch "[\"EVAL\", ...] passes 1 key"
  { command: %w[evalsha sha1 2 foo bar], want: 'foo' },
].freeze
CASES.each { |c| client.call_v(c[:command]) }
redis.call([:eval_ro, "return KEYS[3]", 2, "{a}1", "{a}2"])  # want: numkeys-mismatch
client.call_v(["SCRIPT", "LOAD", "return g1"])  # want: undefined-global
client.call_v(['function', 'load', 'replace', "#!lua name=l\nredis.register_function('f', function() return g2 end)"])  # want: undefined-global
redis.call('EVAL', "return KEYS[2]", 1, "k")  # want: numkeys-mismatch
# Not a command array: the name is no scripting command, or no key count.
NAMES = ['eval', 'evalsha']
OTHER = ['get', 'return 1', '0']

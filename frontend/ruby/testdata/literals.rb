# want-scripts: 9
require "redis"

redis = Redis.new

# Single quotes: only \\ and \' are escapes.
redis.eval('local v = redis.call("GET", KEYS[1]) if v == nil then return 1 end', keys: ["k"])  # want: nil-reply-check

# Double quotes with escapes.
redis.eval("-- \x41\101\u00e9\u{1F600}\s\n\tx = 1", keys: [])  # want: global-assignment

# %q and %Q with several delimiters.
redis.eval(%q(return redis.call('GET', 'user:' .. ARGV[1]) -- (nested) parens), keys: [])  # want: dynamic-key
redis.eval(%Q{y = 1 return {}}, keys: [])  # want: global-assignment
redis.eval(%|z = 2|, keys: [])  # want: global-assignment

# A squiggly heredoc: the finding is on the Lua line.
redis.eval(<<~LUA, keys: ["k"])
  local v = redis.call('GET', KEYS[1])
  if v == nil then  -- want: nil-reply-check
    return 0
  end
  return v
LUA

# <<- and a non-interpolating heredoc, two on one line, concatenated.
redis.eval(<<-EOS + <<~'RAW', [])
    w = 1 -- want: global-assignment
    EOS
  -- #{not interpolated} \n stays
  return 1
RAW

# Adjacent literals, a line continuation, and + across lines with a comment.
redis.eval("local v = redis.call('GET', KEYS[1]) " \
  'if v == nil then ' + # want: nil-reply-check
  # between the parts
  "return 1 end", ["k"])

=begin
redis.eval("this = is a comment")
=end

# A command call without parentheses.
redis.eval "q = 1", ["k"]  # want: global-assignment

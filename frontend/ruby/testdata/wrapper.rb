# want-scripts: 2
class Store
  # A method of the file passing its parameter to a scripting call: the
  # literals its callers pass are scripts.
  def cached_eval(script, keys: [], argv: [])
    redis.eval(script, keys: keys, argv: argv)
  end

  def to_sha(script)
    redis.script(:load, script)
  end

  def run
    cached_eval("v = redis.call('GET', KEYS[1])", keys: ["k"])  # want: global-assignment
    redis.evalsha(to_sha("return redis.call('GET', 'user:' .. ARGV[1])"))  # want: dynamic-key
  end
end

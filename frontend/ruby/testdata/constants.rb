# want-scripts: 5
class Limiter
  # A constant holding a heredoc, frozen.
  SCRIPT = <<~LUA.freeze
    local n = redis.call('INCR', KEYS[1])
    g = n  -- want: global-assignment
    return n
  LUA

  # Not passed anywhere, but it calls Redis.
  UNUSED = "return redis.call('GET', 'user:' .. ARGV[1])"  # want: dynamic-key

  # A plain string that merely mentions redis is no script.
  HELP = "uses redis.call to count"

  PREFIX = "local v = redis.call('GET', KEYS[1]) "

  def initialize(redis)
    @redis = redis
    @chain = PREFIX +
      "if v == nil then " + # want: nil-reply-check
      "return 1 end"
  end

  def hit(key)
    @redis.eval(SCRIPT, keys: [key], argv: [1])
    @redis.eval(@chain, [key])
  end

  # A method returning its script.
  def release_script
    <<-LUA
      local v = redis.call('GET', KEYS[1])
      h = v -- want: global-assignment
    LUA
  end
end

module Scripts
  LOCK = <<~EOS
    return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
  EOS
end
Redis.new.eval(Scripts::LOCK, keys: ["a"], argv: [1, 2])

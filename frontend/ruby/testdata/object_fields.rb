# want-scripts: 1
class Limiter
  def initialize(redis, prefix)
    @redis = redis
    @prefix = prefix
  end

  # Its only run-time part is an instance variable: one variant per
  # instance, so script-built-at-runtime is information.
  def hit
    @redis.eval("return redis.call('INCR', KEYS[1] .. '#{@prefix}')", keys: ["k"])  # want: script-built-at-runtime[info] "fields of the object"
  end
end

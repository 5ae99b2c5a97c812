require 'redis'

# A squiggly heredoc.
RELEASE = <<~LUA
  if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
  end
  return tonumbr(0)
LUA

def release(redis, key, token)
  redis.eval(RELEASE, keys: [key], argv: [token])
end

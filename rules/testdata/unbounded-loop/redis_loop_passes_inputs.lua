-- redis: error "Lua redis lib command arguments must be strings or integers"
-- redis-keys: ul:{p}:a ul:{p}:b
-- redis-args: 1000000
-- The caller asks for a million rounds but passes two keys: the third
-- round passes nil to redis.call, which raises, so the loop ran 2 rounds.
for i = 1, tonumber(ARGV[1]) do
  redis.call('INCR', KEYS[i])
end
return 'unreachable'

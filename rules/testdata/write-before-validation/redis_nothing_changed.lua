-- redis: error "not found"
-- redis-keys: wbv:list
-- redis-args: x
-- redis-setup: RPUSH wbv:list a
-- state-after: LRANGE wbv:list 0 -1 => [bulk:"a"]
-- The error answers a write that changed nothing: nothing to roll back.
if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 0 then
  return redis.error_reply('not found')
end
return 1

local ttl = tonumber(ARGV[1])
if not ttl then return redis.error_reply('bad ttl') end
if type(ARGV[2]) ~= 'string' then error('bad') end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ttl)
return 'OK'

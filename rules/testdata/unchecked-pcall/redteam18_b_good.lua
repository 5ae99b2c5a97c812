-- the status unread, but the result tested: handled
local _, err = pcall(redis.call, 'SET', KEYS[1], 1)
if type(err) == 'string' then return redis.error_reply(err) end
local ok, res = pcall(cjson.decode, ARGV[1])
if not ok then return redis.error_reply('bad json') end
return res

local rpcall = redis.pcall
redis.pcall('DEL', KEYS[1])                              -- want: unchecked-pcall "the reply of redis.pcall('DEL', ...) is discarded"
rpcall('INCR', KEYS[2])                                  -- want: unchecked-pcall "discarded"
pcall(redis.call, 'SET', KEYS[3], ARGV[1])               -- want: unchecked-pcall "the result of pcall('SET', ...) is discarded"
pcall(function() error('x') end)                         -- want: unchecked-pcall "the result of pcall is discarded"
local r = redis.pcall('HGETALL', KEYS[1])                -- want: unchecked-pcall "stored in 'r' is used without checking"
local total = 0
for i = 2, #r, 2 do
  total = total + r[i]
end
local ok = pcall(redis.call, 'INCR', KEYS[2])            -- want: unchecked-pcall "stored in 'ok' is never read, so an error inside is never checked"
local _, v = pcall(cjson.decode, ARGV[2])                -- want: unchecked-pcall "discarded into '_'"
local n = redis.pcall('INCR', KEYS[4])                   -- want: unchecked-pcall "test n.err first"
redis.call('SET', KEYS[5], n)
return total .. ':' .. n

local call, pcall_ = redis.call, redis.pcall
call('GET', 'x:' .. ARGV[1]) -- want: dynamic-key
pcall_('GET', ARGV[2]) -- want: dynamic-key
local r = redis
r.call('GET', ARGV[3]) -- want: dynamic-key
local M = {}
function M.get(k) return redis.call('GET', k) end
M.get(ARGV[1])
return 1

local rcall = redis.call
local function get(k) return rcall('GET', k) end
local x = rcall('HGET', KEYS[1], ARGV[1])
if x == nil or x == '' then return 0 end -- want: nil-reply-check
local status = rcall('SET', KEYS[1], 1, 'XX')
if status == 'OK' then return 1 end -- want: nil-reply-check
local p = rcall('PING')
if p == 'PONG' then return 2 end -- want: nil-reply-check
local l = redis.call('LPOP', KEYS[1])
while l ~= nil do -- want: nil-reply-check
  l = redis.call('LPOP', KEYS[1])
end
return 3

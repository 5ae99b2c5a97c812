local function drain(keys)
  local r = redis.call
  while true do -- want: unbounded-loop
    r('LPOP', keys[1])
  end
end
local cur = 0
repeat -- want: unbounded-loop
  local res = redis.call('sscan', KEYS[1], cur)
  cur = tonumber(res[1])
until cur == 0
return drain(KEYS)

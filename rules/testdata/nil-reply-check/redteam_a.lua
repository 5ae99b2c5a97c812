local rcall = redis.call
if redis.call('GET', KEYS[1]) == nil then return 1 end -- want: nil-reply-check
local v = rcall('HGET', KEYS[1], 'f')
if v == nil then return 2 end -- want: nil-reply-check
if nil ~= redis.call('get', KEYS[2]) then return 3 end -- want: nil-reply-check
local w = redis['call']('LPOP', KEYS[1])
if (w) == nil then return 4 end -- want: nil-reply-check "use 'not w'"
if redis.call('SET', KEYS[1], 'x') == 'OK' then return 5 end -- want: nil-reply-check
local s = redis.call('SET', KEYS[1], 'x', 'NX')
if s ~= 'OK' then return 6 end -- want: nil-reply-check
local t = redis.pcall('GET', KEYS[1])
if t == nil then return 7 end -- want: nil-reply-check
local function f(keys)
  local x = redis.call('HGET', keys[1], 'a')
  if x == nil then -- want: nil-reply-check
    return 0
  elseif x == 'y' then
    return 1
  end
end
if redis.call('RENAME', KEYS[1], KEYS[2]) == "OK" then return 8 end -- want: nil-reply-check
return f(KEYS)

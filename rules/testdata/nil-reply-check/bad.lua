local rcall = redis.call
if redis.call('GET', KEYS[1]) == nil then                -- want: nil-reply-check "the reply of 'GET' is never nil"
  return 0
end
local v = rcall('HGET', KEYS[2], 'f')
if v ~= nil then                                         -- want: nil-reply-check "'v' (reply of 'HGET') is never nil"
  return v
end
if nil == redis.pcall('LPOP', KEYS[3]) then              -- want: nil-reply-check "always false"
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1]) == 'OK' then      -- want: nil-reply-check "status reply"
  return 2
end
local r = redis.call('RENAME', KEYS[1], KEYS[2])
if r ~= 'OK' then                                        -- want: nil-reply-check "always true"
  return 3
end
if redis.call('TYPE', KEYS[1]) == 'none' then            -- want: nil-reply-check "comparing it with 'none'"
  return 4
end
local lock = redis.call('SET', KEYS[4], ARGV[1], 'NX', 'PX', tonumber(ARGV[2]) or 100)
if lock == 'OK' then                                     -- want: nil-reply-check "compare lock.ok"
  return 5
end
local x = redis.call('GET', KEYS[1])
if x == nil then x = false end                           -- want: nil-reply-check "'x' (reply of 'GET')"
return x

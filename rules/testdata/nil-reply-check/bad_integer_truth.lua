-- Replies that are always an integer, tested as truth values: 0 is true in
-- Lua, so each test below is constant.
local rcall = redis.call
if redis.call('EXISTS', KEYS[1]) then -- want: nil-reply-check "the reply of 'EXISTS' is the integer 0 or 1, and 0 is true in Lua (only nil and false are false), so testing it is always true; test the number: redis.call(...) == 1"
  redis.call('DEL', KEYS[1])
elseif (rcall('HEXISTS', KEYS[2], 'f')) then -- want: nil-reply-check "test the number: rcall(...) == 1"
  return 1
end
if redis.call('EXISTS', KEYS[1], KEYS[2]) then -- want: nil-reply-check "the reply of 'EXISTS' is an integer, and 0 is true in Lua"
  return 2
end
while rcall('LLEN', KEYS[3]) do -- want: nil-reply-check "test the number: rcall(...) > 0"
  rcall('RPOP', KEYS[3])
end
repeat
  redis.call('SPOP', KEYS[4])
until redis.call('SCARD', KEYS[4]) -- want: nil-reply-check "so testing it is always true"
local added = redis.call('SADD', KEYS[4], ARGV[1])
if not added then -- want: nil-reply-check "'added' (reply of 'SADD') is an integer, and 0 is true in Lua (only nil and false are false), so 'not' of it is always false; test the number: added == 0"
  return 3
end
local created = redis.call('HSETNX', KEYS[2], 'f', ARGV[1]) and 'created' or 'kept' -- want: nil-reply-check "reply of 'HSETNX'"
if ARGV[2] == 'check' and redis.call('SISMEMBER', KEYS[4], ARGV[1]) then -- want: nil-reply-check "reply of 'SISMEMBER'"
  return created
end
if ARGV[2] == 'a'
  or redis.call('EXPIRE', KEYS[1], 10) then -- want: nil-reply-check "reply of 'EXPIRE'"
  return 4
end
local locked = redis.call('SETNX', KEYS[5], ARGV[1])
if locked == false then -- want: nil-reply-check "'locked' (reply of 'SETNX') is the integer 0 or 1, never a boolean (RESP2), so comparing it with false is always false; test the number: locked == 0"
  return 5
end
if locked ~= true then -- want: nil-reply-check "comparing it with true is always true; test the number: locked == 0"
  return 6
end
if true == redis.call('DEL', KEYS[6]) then -- want: nil-reply-check "the reply of 'DEL' is an integer, never a boolean (RESP2), so comparing it with true is always false; test the number: redis.call(...) > 0"
  return 7
end
local missing = not rcall('PERSIST', KEYS[1]) -- want: nil-reply-check "'not' of it is always false; test the number: rcall(...) == 0"
if locked then -- want: nil-reply-check "'locked' (reply of 'SETNX')"
  return missing
end
local function has(k)
  local n = redis.call('ZCARD', k)
  return not not n -- want: nil-reply-check "'n' (reply of 'ZCARD')"
end
return has(KEYS[7])

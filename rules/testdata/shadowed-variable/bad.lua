local key = KEYS[1]
for _, key in ipairs(ARGV) do -- want: shadowed-variable "loop variable 'key' shadows the local declared at line 1"
  redis.call('SADD', KEYS[1], key)
end
local count = 0
if count == 0 then
  local count = 1 -- want: shadowed-variable "local 'count'"
  redis.call('SET', key, count)
end
local function helper(key) -- want: shadowed-variable "parameter 'key'"
  return key
end
local value = ARGV[1]
do
  local value = value -- want: shadowed-variable
  redis.call('SET', key, value)
end
for i = 1, 2 do
  for i = 1, 2 do -- want: shadowed-variable "loop variable 'i' shadows the loop variable"
    redis.call('INCR', key .. i)
  end
end
local function outer()
  local function count() return 1 end -- want: shadowed-variable "local function 'count'"
  return count()
end
return {helper(key), count, value, outer()}

local x = 1
do
  local x = 2 -- want: shadowed-variable
  redis.call('SET', KEYS[1], x)
end
local function f(x) -- want: shadowed-variable
  return x
end
for i = 1, 2 do
  for i = 1, 2 do -- want: shadowed-variable
    redis.call('GET', KEYS[i])
  end
end
local k = KEYS[1]
local g = function()
  local k = 'a' -- want: shadowed-variable
  return k
end
for _, v in ipairs(KEYS) do
  for _, v2 in ipairs(ARGV) do redis.call('SET', v, v2) end
end
for _, a in ipairs(KEYS) do
  for _, b in ipairs(ARGV) do redis.call('SET', a, b) end
end
local y = 1
local y = y + 1 -- same scope redefinition
local string = string
local _ = 1
do local _ = 2 end
return x + f(1) + g() + y

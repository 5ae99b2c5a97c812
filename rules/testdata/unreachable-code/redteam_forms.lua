local function a()
  do return 1 end
  redis.call('GET', KEYS[1]) -- want: unreachable-code
end
local function b()
  error('x')
  return 1 -- want: unreachable-code
end
for i = 1, 3 do
  if i == 2 then
    break
  end
end
while true do
  do break end
  redis.call('DEL', KEYS[1]) -- want: unreachable-code
end
local function c()
  if ARGV[1] then
    return 1
  else
    return 2
  end
  return 3 -- want: unreachable-code
end
local function d()
  error({err = 'x'})
  local y = 1 -- want: unreachable-code
  return y
end
local function e()
  error('x', 2)
  redis.call('GET', KEYS[1]) -- want: unreachable-code
end
local function g()
  redis.error_reply('x')
  return 1
end
local function h()
  assert(false, 'x')
  return 1 -- want: unreachable-code
end
local function i()
  if true then return 1 end
  return 2
end
local function j()
  while true do
    redis.call('GET', KEYS[1])
  end
  return 1 -- want: unreachable-code
end
local function k()
  do return redis.call('GET', KEYS[1]) end
  -- a comment only
end
local function l()
  repeat
    do break end
    redis.call('GET', KEYS[1]) -- want: unreachable-code
  until true
end
local function m() error("x") end
local function n()
  m()
  return 1
end
local function o()
  if ARGV[1] then error('a') else error('b') end
  return 1 -- want: unreachable-code
end
return a() or b() or c() or d() or e() or g() or h() or i() or j() or k() or l() or n() or o()

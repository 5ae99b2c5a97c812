-- Uses that do not always run do not protect an element: the right operand
-- of and/or, the body of a function literal, the arguments of redis.pcall
-- (a bad argument gives an error table, it does not raise), and a test
-- for nil (which never raises).
local mode = ARGV[1]
local function later(f) return 1 end
if mode == 'and' then
  local a = tonumber(ARGV[2])
  return {a and a + 1, a} -- want: reply-array-hole "'a' can be nil here"
elseif mode == 'or' then
  local b = tonumber(ARGV[2])
  return {'x', ARGV[3] == '' or b * 2, b} -- want: reply-array-hole "'b' can be nil here"
elseif mode == 'later-and' then
  local c = tonumber(ARGV[2])
  return {c, ARGV[3] == 'y' and c + 1} -- want: reply-array-hole "'c' can be nil here"
elseif mode == 'function' then
  local d = tonumber(ARGV[2])
  return {later(function() return d + 1 end), d} -- want: reply-array-hole "'d' can be nil here"
elseif mode == 'pcall' then
  local e = tonumber(ARGV[2])
  return {redis.pcall('INCRBY', KEYS[1], e), e} -- want: reply-array-hole "'e' can be nil here"
elseif mode == 'nil-test' then
  local f = tonumber(ARGV[2])
  return {f == nil and 0 or 1, f} -- want: reply-array-hole "'f' can be nil here"
elseif mode == 'other-value' then
  -- A raising use of another value protects only that value.
  local g = tonumber(ARGV[2])
  local h = tonumber(ARGV[3])
  return {g + 1, h} -- want: reply-array-hole "'h' can be nil here"
end
return {}

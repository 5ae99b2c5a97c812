local v = redis.call('GET', KEYS[1])
local w = redis.call('HGET', KEYS[2], 'f')
local function f(x) return {x, 1} end
if #ARGV == 0 then
  return {v, w} -- GET/HGET reply: false in RESP2, not a hole
elseif #ARGV == 1 then
  return {ARGV[2], 'x'} -- ARGV elements: assumed present
elseif #ARGV == 2 then
  return {1, nil, 3} -- want: reply-array-hole
elseif #ARGV == 3 then
  local t = cjson.decode(ARGV[1])
  return {t.a, t.b} -- table fields: not reported (rule doc)
elseif #ARGV == 4 then
  return {tonumber(ARGV[1]), 2} -- want: reply-array-hole
elseif #ARGV == 5 then
  local m = string.match(ARGV[1], '%d+')
  return {m, 'ok'} -- want: reply-array-hole
end
local y
return {'a', y, 'b'} -- want: reply-array-hole

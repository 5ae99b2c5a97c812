local total = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1]) or 1
if ARGV[2] == 'floor' then
  return math.floor(total / n)
elseif ARGV[2] == 'ceil' then
  return math.ceil(total / n)
elseif ARGV[2] == 'string' then
  return tostring(total / n)
elseif ARGV[2] == 'format' then
  return string.format('%.2f', total / n)
elseif ARGV[2] == 'reply' then
  return redis.call('INCRBYFLOAT', KEYS[2], ARGV[3]) -- a string reply: sent as is
elseif ARGV[2] == 'double' then
  return {double = total / n} -- a RESP3 double keeps the fraction
elseif ARGV[2] == 'int' then
  return total * 2 + n - 1
elseif ARGV[2] == 'argv' then
  return tonumber(ARGV[3]) -- the caller's text decides
elseif ARGV[2] == 'intconst' then
  return 10 / 2 + 2 ^ 3 + 1.0
elseif ARGV[2] == 'reassigned' then
  local avg = total / n
  avg = math.floor(avg)
  return avg
elseif ARGV[2] == 'err' then
  return {err = 'ratio ' .. total / n}
elseif ARGV[2] == 'after-nil' then
  return {1, nil, total / n} -- dropped after the nil (reply-array-hole reports the nil)
elseif ARGV[2] == 'pairs' then
  local h = redis.call('HGETALL', KEYS[3])
  local z = redis.call('ZRANGE', KEYS[4], 0, 9, 'WITHSCORES')
  return {#h / 2, #z / 2} -- counts of pairs are whole
elseif ARGV[2] == 'json' then
  return cjson.encode({ratio = total / n})
end

-- Helpers return Lua values to Lua: no conversion.
local function ratio(a, b)
  return a / b
end
return math.floor(ratio(total, n) * 100)

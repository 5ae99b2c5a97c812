local total = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1])
if ARGV[2] == 'avg' then
  return total / n -- want: float-return "returned number can be fractional (a division)"
elseif ARGV[2] == 'lit' then
  return 3.7 -- want: float-return "a float literal"
elseif ARGV[2] == 'neg' then
  return -0.5 -- want: float-return "a float literal"
elseif ARGV[2] == 'const' then
  return 10 / 4 -- want: float-return "'10 / 4' is 2.5"
elseif ARGV[2] == 'sqrt' then
  return math.sqrt(total) -- want: float-return "'math.sqrt(...)'"
elseif ARGV[2] == 'rand' then
  return math.random() -- want: float-return "math.random()"
elseif ARGV[2] == 'pi' then
  return math.pi -- want: float-return "math.pi"
elseif ARGV[2] == 'half' then
  return total * 0.5 -- want: float-return "a multiplication by 0.5"
elseif ARGV[2] == 'sum' then
  return total + 1.5 -- want: float-return "a float literal"
elseif ARGV[2] == 'pow' then
  return 2 ^ -1 -- want: float-return "is 0.5"
elseif ARGV[2] == 'powvar' then
  return total ^ 0.5 -- want: float-return "a power with exponent 0.5"
elseif ARGV[2] == 'str' then
  return tonumber('2.5') -- want: float-return "tonumber of the float string \"2.5\""
elseif ARGV[2] == 'incr' then
  return tonumber(redis.call('INCRBYFLOAT', KEYS[2], ARGV[3])) -- want: float-return "the 'INCRBYFLOAT' reply"
elseif ARGV[2] == 'local' then
  local avg = total / n
  return avg -- want: float-return "returned value 'avg' can be fractional (a division on line 30)"
elseif ARGV[2] == 'branch' then
  local r = 0
  if n > 0 then
    r = total / n
  end
  return r -- want: float-return "a division on line 35"
elseif ARGV[2] == 'array' then
  return {total, total / n, 'x'} -- want: float-return "array element 'total / n'"
elseif ARGV[2] == 'nested' then
  return {{1, 2.5}} -- want: float-return "array element '2.5'"
elseif ARGV[2] == 'length' then
  return #redis.call('LRANGE', KEYS[3], 0, 9) / 2 -- want: float-return "a division"
elseif ARGV[2] == 'max' then
  return math.max(1, total / 3) -- want: float-return "a division"
end
return n and total / n or 0 -- want: float-return "a division"

local a = tonumber(ARGV[1])
local b = tonumber(ARGV[2])
if KEYS[1] == 'div' then
  return a / b -- want: float-return
elseif KEYS[1] == 'sqrt' then
  return math.sqrt(a) -- want: float-return
elseif KEYS[1] == 'mul' then
  return a * 1.5 -- want: float-return
elseif KEYS[1] == 'ratio' then
  local r = a / 2
  return r -- want: float-return
elseif KEYS[1] == 'tbl' then
  return {a, a / b} -- want: float-return
elseif KEYS[1] == 'paren' then
  return (a / b) -- want: float-return
elseif KEYS[1] == 'pow' then
  return 2 ^ 0.5 -- want: float-return
end
local score = tonumber(redis.call('ZSCORE', KEYS[1], 'm'))
if score then return score end -- tonumber of ZSCORE: text decides, not reported (rule doc)
local avg = redis.call('INCRBYFLOAT', KEYS[1], '0.5')
return avg

local a = tonumber(ARGV[1])
local function half(x) return x / 2 end
if a == 0 then return 3.7 end -- want: float-return
if a == 1 then return math.random() end -- want: float-return
if a == 2 then return math.pi end -- want: float-return
if a == 3 then return tonumber('1.5') end -- want: float-return
if a == 4 then return tonumber(redis.call('INCRBYFLOAT', KEYS[1], '0.1')) end -- want: float-return
if a == 5 then
  local r
  if a > 10 then r = a / 3 else r = 0 end
  return r -- want: float-return
end
if a == 6 then return {1, {2, a / 4}} end -- want: float-return
if a == 7 then return math.log(a) end -- want: float-return
if a == 8 then return a * 0.1 end -- want: float-return
if a == 9 then return a * 2.0 end
if a == 10 then return 10 / 2 end
return half(a) -- want: float-return "returned by 'half'"

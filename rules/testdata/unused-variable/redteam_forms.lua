-- fixture: option report-loop-variables=true
local a = 1 -- want: unused-variable
local _ = 2
local _tmp = 3
local b, c = 1, 2 -- want: unused-variable
local function helper() return 1 end -- want: unused-variable
local f = function() return 1 end -- want: unused-variable
for i = 1, 3 do -- want: unused-variable
  redis.call('GET', KEYS[1])
end
for k, v in pairs(KEYS) do -- want: unused-variable
  redis.call('GET', v)
end
for _, v in ipairs(ARGV) do redis.call('GET', v) end
local d = 5 -- want: unused-variable
d = 6 -- assigned but never read
local function rec(n) if n > 0 then return rec(n - 1) end return 0 end -- want: unused-variable
local e = 1 -- want: unused-variable
local function g(x, y) return x end
local used = 1
return used + c + g(1, 2)

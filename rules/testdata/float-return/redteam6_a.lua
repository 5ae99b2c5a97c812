local x = tonumber(ARGV[1])
local y
if x > 1 then
  y = x / 2
elseif x > 0 then
  y = 1
else
  y = 0
end
return y -- want: float-return

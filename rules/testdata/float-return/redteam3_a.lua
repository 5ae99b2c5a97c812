local n = tonumber(ARGV[1])
local t = {}
t[1] = n / 2
local avg = (n + 1) / 2
return {math.floor(avg), avg} -- want: float-return

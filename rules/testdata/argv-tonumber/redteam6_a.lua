local a, b = unpack(ARGV)
if a > 1 then return 1 end -- want: argv-tonumber
local c = select(2, unpack(ARGV))
local d = ARGV[1]
local e = d
if e >= 10 then return 2 end -- want: argv-tonumber
return b

local t = {limit = ARGV[1]}
if t.limit > 5 then return 1 end
local x = ARGV[1] or 0
if x > 5 then return 2 end -- want: argv-tonumber
return 0

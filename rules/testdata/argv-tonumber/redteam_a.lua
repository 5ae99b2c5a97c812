local limit = ARGV[1]
if limit > 10 then return 1 end -- want: argv-tonumber
if ARGV[2] <= 0 then return 2 end -- want: argv-tonumber
if 5 < ARGV[3] then return 3 end -- want: argv-tonumber
if ARGV[1] == 1 then return 4 end -- want: argv-tonumber
if limit ~= 0 then return 5 end -- want: argv-tonumber
for i = 1, ARGV[2] do end -- want: argv-tonumber
for i = limit, 1, -1 do end -- want: argv-tonumber
for i = 1, 10, ARGV[3] do end -- want: argv-tonumber
local m = math.min(ARGV[1], 100) -- want: argv-tonumber
local f = math.floor(limit) -- want: argv-tonumber
local s = ARGV[1] + 1 -- want: argv-tonumber
local p = limit * 2 -- want: argv-tonumber
local q = -ARGV[2] -- want: argv-tonumber
local r = ARGV[1] % 3 -- want: argv-tonumber
return {m, f, s, p, q, r}
-- fixture: option report-coercion=true

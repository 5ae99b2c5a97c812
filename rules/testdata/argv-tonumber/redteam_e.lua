local lim = 10
if ARGV[1] > lim then return 1 end -- want: argv-tonumber
local len = redis.call('LLEN', KEYS[1])
if ARGV[2] >= len then return 2 end -- want: argv-tonumber
if ARGV[3] < tonumber(ARGV[4]) then return 3 end -- want: argv-tonumber
if ARGV[1] > ARGV[2] then return 4 end -- want: argv-tonumber[warning] "compares them lexically"
local s = ARGV[1] .. 1
if ARGV[1] == '0' or ARGV[1] == 'false' then return 5 end
local t = {}
t[#t + 1] = ARGV[1]
if redis.call('GET', KEYS[1]) == ARGV[1] then return 6 end
local cnt = redis.call('INCR', KEYS[1])
if cnt > tonumber(ARGV[2]) then return 7 end
return s

if ARGV[1] == 'a' then error({}) end -- want: error-table
if ARGV[1] == 'b' then error({code = 1}) end -- want: error-table
if ARGV[1] == 'c' then error({err = 'x'}) end
if ARGV[1] == 'd' then error({err = 1}) end
if ARGV[1] == 'e' then error(redis.error_reply('x')) end
local t = {}
if ARGV[1] == 'f' then error(t) end -- want: error-table
local function fail(x) error(x) end
if ARGV[1] == 'g' then error('plain') end
if ARGV[1] == 'h' then error({err = ARGV[1]}) end
local e = {err = 'boom'}
if ARGV[1] == 'i' then error(e) end
if ARGV[1] == 'j' then error({msg = 'x'}, 2) end -- want: error-table
local r = redis.pcall('GET', KEYS[1])
if type(r) == 'table' and r.err then error(r) end
if ARGV[1] == 'k' then error({err = {}}) end -- want: error-table
if ARGV[1] == 'l' then error({'x'}) end -- want: error-table
local ok, er = pcall(function() error({}) end)
if ARGV[1] == 'm' then error(cjson.decode(ARGV[2])) end
if ARGV[1] == 'n' then error(nil) end
if ARGV[1] == 'o' then error(setmetatable({}, {__tostring = function() return 'x' end})) end -- want: error-table
if ARGV[1] == 'p' then error({err = tostring(1)}) end
if ARGV[1] == 'q' then error({["err"] = 'x'}) end
return fail

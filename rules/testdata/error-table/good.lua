local n = tonumber(ARGV[1])
if not n then error('amount must be a number') end
if n < 0 then error({err = 'ERR amount must be positive'}) end
if n == 1 then error(redis.error_reply('BADARG amount')) end
if n == 2 then error({err = 'E' .. n}) end
if n == 3 then error({err = 1}) end
if n == 4 then error('plain', 0) end
local r = redis.pcall('INCR', KEYS[1])
if type(r) == 'table' and r.err then error(r) end
-- A table that is filled elsewhere, or whose shape the rule cannot see.
local e = {}
e.err = 'ERR filled later'
if n == 5 then error(e) end
local function raise(t) error(t) end
local key = ARGV[2]
if n == 6 then error({[key] = 'x'}) end
local v = {}
table.insert(v, 'x')
if n == 7 then error(v) end
if n == 8 then error({err = ARGV[3]}) end
if n == 9 then error(setmetatable({}, {__index = {err = 'ERR via index'}})) end
if n == 10 then error(setmetatable({}, getmetatable(v))) end
return raise

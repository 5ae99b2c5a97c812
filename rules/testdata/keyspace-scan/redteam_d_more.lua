local rcall = redis.call
local function list() return rcall('keys', '*') end -- want: keyspace-scan
local cmd = 'SCAN'
local r = redis.call(cmd, 0) -- want: keyspace-scan
local h = redis.call('HSCAN', KEYS[1], 0)
local cursor = '0'
repeat
  local page = rcall('HSCAN', KEYS[1], cursor, 'MATCH', 'f*') -- want: keyspace-scan
  cursor = page[1]
until cursor == '0'
return list()

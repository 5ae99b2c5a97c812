-- Lock release that raises a structured error for the client library to
-- decode. A table without a string `err` field crashes Redis servers
-- without the 2025 fix (7.0.15 verified) instead of reaching the client.
-- Also forgets `local` on the lease, creating a global (refused by the
-- sandbox at run time).
--
-- KEYS[1]  lock key
-- ARGV[1]  owner token
-- ARGV[2]  lease to keep on a partial release, in milliseconds
-- realistic: keys=lock:{b} args=me,100
local rcall = redis.call
local key = KEYS[1]
lease = tonumber(ARGV[2]) -- want: global-assignment

local holder = rcall('GET', key)
if holder ~= ARGV[1] then
  error({code = 'NOT_OWNER', holder = holder}) -- want: error-table
end
rcall('PEXPIRE', key, lease)
return rcall('DEL', key)

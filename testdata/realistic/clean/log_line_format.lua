-- Append a structured audit line to a capped list: fields are sorted,
-- tab-separated, and newlines in values are flattened so that one entry is
-- one line. A fixed-width binary record (struct) of the numeric fields is
-- kept beside it for the compact daily rollup.
--
-- KEYS[1]  audit lines (capped list)
-- KEYS[2]  rollup string (appended records)
-- ARGV[1]  now, in seconds
-- ARGV[2]  actor id (numeric)
-- ARGV[3..]  field=value pairs
-- Returns the number of audit lines.
--
-- realistic: keys=audit:{org:1}:lines,audit:{org:1}:rollup args=1700000000,42,action=login,ip=10.0.0.1
local rcall = redis.call
local lines_key, rollup_key = KEYS[1], KEYS[2]
local now = tonumber(ARGV[1])
local actor = tonumber(ARGV[2])
if not now or not actor then
  return redis.error_reply('ERR now and actor must be numbers')
end

local fields = {}
for i = 3, math.min(#ARGV, 34) do
  local k, v = string.match(ARGV[i], '^([%w_]+)=(.*)$')
  if k then
    fields[#fields + 1] = k .. '=' .. string.gsub(v, '[\r\n\t]', ' ')
  end
end
table.sort(fields)
local line = string.format('%d\t%d\t%s', now, actor, table.concat(fields, '\t'))

rcall('LPUSH', lines_key, line)
rcall('LTRIM', lines_key, 0, 9999)
rcall('APPEND', rollup_key, struct.pack('>I4I4', now, actor))
return rcall('LLEN', lines_key)

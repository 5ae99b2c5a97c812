-- Validate and apply a numeric setting: the stored value may be missing,
-- numeric or garbage from an old client. tonumber() of a missing value
-- (false) or of garbage is nil, so `== nil` is the right test on it; the
-- JSON schema of allowed settings is decoded from ARGV.
--
-- KEYS[1]  settings hash
-- ARGV[1]  setting name
-- ARGV[2]  increment
-- ARGV[3]  schema, JSON {"name": {"min": n, "max": n}, ...}
-- Returns the new value, or an error.
--
-- realistic: keys=settings:{svc:api} args=max_conns,5,{"max_conns":{"min":1%2C"max":500}}
-- realistic: setup=HSET settings:{svc:api} max_conns 100
local rcall = redis.call
local key = KEYS[1]
local name = ARGV[1]
local by = tonumber(ARGV[2])
local ok, schema = pcall(cjson.decode, ARGV[3])
if not ok or type(schema) ~= 'table' then
  return redis.error_reply('ERR schema must be JSON')
end
local rule = schema[name]
if rule == nil then
  return redis.error_reply('ERR unknown setting ' .. name)
end
if by == nil then
  return redis.error_reply('ERR increment must be a number')
end

local current = tonumber(rcall('HGET', key, name))
if current == nil then
  current = tonumber(rule.min) or 0
end
local value = current + by
if (rule.min and value < rule.min) or (rule.max and value > rule.max) then
  return redis.error_reply('ERR ' .. name .. ' out of range')
end
rcall('HSET', key, name, value)
return value

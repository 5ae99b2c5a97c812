#!lua flags=no-writes
-- Read-only quota check, safe to run on replicas with EVAL_RO: how much of
-- a tenant's monthly quota is left across its plan limit and the
-- counters of the current month.
--
-- KEYS[1]  plan hash (limits per feature)
-- KEYS[2]  usage hash for the current month (feature -> used)
-- ARGV[1..n]  feature names
-- Returns {feature, remaining, feature, remaining, ...}; unlimited
-- features report -1.
--
-- realistic: keys=plan:{tenant:5},usage:{tenant:5}:2026-11 args=api_calls,exports,seats
-- realistic: setup=HSET plan:{tenant:5} api_calls 10000 exports 50; HSET usage:{tenant:5}:2026-11 api_calls 9120
local rcall = redis.call
local plan_key, usage_key = KEYS[1], KEYS[2]
if #ARGV == 0 or #ARGV > 64 then
  return redis.error_reply('ERR pass between 1 and 64 feature names')
end

local limits = rcall('HMGET', plan_key, unpack(ARGV))
local used = rcall('HMGET', usage_key, unpack(ARGV))
local out = {}
for i, feature in ipairs(ARGV) do
  local limit = tonumber(limits[i])
  out[#out + 1] = feature
  if limit then
    out[#out + 1] = math.max(0, limit - (tonumber(used[i]) or 0))
  else
    out[#out + 1] = -1
  end
end
return out

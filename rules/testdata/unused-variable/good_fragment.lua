-- A helper file pasted into queue scripts by a build step: nothing here
-- calls these helpers, the scripts that include the file do.

local defaultTtl = 3600

local function touchLease(leaseKey, ttl)
  return redis.call("PEXPIRE", leaseKey, ttl or defaultTtl)
end

local function dropLease(leaseKey)
  return redis.call("DEL", leaseKey)
end

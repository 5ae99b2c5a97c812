-- A helper file of a script assembled at build time: it only declares local
-- functions, and uses 'call' and 'traceEnabled', which the script that
-- includes it declares before pasting this file in.

local batchLimit = 500

local function trace(msg)
  if traceEnabled then
    redis.log(redis.LOG_DEBUG, msg)
  end
end

local function trimQueue(queueKey, keep)
  local removed = call("LTRIM", queueKey, 0, math.min(keep, batchLimit) - 1)
  trace("trimmed " .. queueKey)
  return removed
end

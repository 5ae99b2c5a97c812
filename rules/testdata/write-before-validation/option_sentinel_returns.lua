-- A library whose client raises on the codes -1 and -2 (and "LOCKED"):
-- returned after a write, they are error replies in all but the wire type.
-- fixture: option sentinel-returns=-1,-2,LOCKED
local function takeJob(jobKey, queueKey)
  redis.call('LREM', queueKey, 0, jobKey)
  if redis.call('EXISTS', jobKey) == 0 then
    return -1 -- want: write-before-validation "the sentinel -1 (sentinel-returns: an error for the client) is returned after a write: Redis does not roll back, the 'LREM' on line 5 stays"
  end
  redis.call('HSET', jobKey, 'state', 'active')
  local owner = redis.call('GET', jobKey .. ':lock')
  if owner and owner ~= ARGV[1] then
    return 'LOCKED' -- want: write-before-validation "the sentinel \"LOCKED\""
  end
  local LOST = -2
  if not owner then
    return LOST -- want: write-before-validation "the sentinel -2"
  end
  return 1
end
return takeJob(KEYS[1], KEYS[2])

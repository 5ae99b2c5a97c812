#!lua name=stats_bad
-- Usage statistics as a library. Every call bumps a global counter kept
-- under a literal key (invisible to cluster routing: the function runs
-- on the node of keys[1], which may not own "stats:calls"), and the
-- threshold argument is compared as a string, which raises "attempt to
-- compare string with number" on every call.
--
-- st_record(keys={user counter}, args={threshold}) -> 1 when over threshold
-- realistic: fcall=st_record keys=st:{u:1} args=10
local function record(keys, args)
  local count = redis.call('INCR', keys[1])
  redis.call('INCR', 'stats:calls') -- want: hardcoded-key
  if count > args[1] then -- want: argv-tonumber
    return 1
  end
  return 0
end

redis.register_function('st_record', record)

#!lua name=analytics_bad
-- Analytics read functions flagged no-writes so that dashboards can call
-- them with FCALL_RO on replicas. PFCOUNT may rewrite the HyperLogLog's
-- cached cardinality, so Redis refuses it in a read-only function; and
-- the "last seen" bookkeeping is a plain write. The EVAL version used
-- KEYS, which a function does not have.
--
-- an_uniques(keys={hll...}) -> unique visitors
-- an_visit(keys={hll, last seen}, args={visitor, now}) -> 1
-- realistic: fcall_ro=an_uniques keys=uv:{site}:d1
local function uniques(keys)
  return redis.call('PFCOUNT', unpack(keys)) -- want: write-in-read-only
end

local function visit(keys, args)
  redis.call('PFADD', keys[1], args[1]) -- want: write-in-read-only
  redis.call('SET', KEYS[2], args[2]) -- want: write-in-read-only, function-keys-argv
  return 1
end

redis.register_function{function_name = 'an_uniques', callback = uniques, flags = {'no-writes'}}
redis.register_function{
  function_name = 'an_visit',
  callback = function(keys, args)
    local seen = visit(keys, args)
    redis.call('HSET', keys[2], 'last', args[2]) -- want: write-in-read-only
    return seen
  end,
  flags = {'no-writes'},
}

#!lua name=jobqueue
-- A reliable work queue (claim with a visibility timeout, acknowledge,
-- requeue on timeout) as a Functions library. Every key of one queue
-- shares the queue's {hash tag}; callers pass them all in keys.
--
-- jq_enqueue(keys={ready, payloads}, args={job_id, payload}) -> queue length
-- jq_claim(keys={ready, inflight, payloads}, args={now_ms, visibility_ms})
--   -> {job_id, payload} or nil
-- jq_ack(keys={inflight, payloads}, args={job_id}) -> 1 or 0
-- jq_requeue_expired(keys={ready, inflight}, args={now_ms, max}) -> count
-- jq_stats(keys={ready, inflight}) -> {ready, inflight}; read-only
--
-- realistic: fcall=jq_enqueue keys={q:img}:ready,{q:img}:payloads args=j-1,{"w":640}
-- realistic: fcall=jq_claim keys={q:img}:ready,{q:img}:inflight,{q:img}:payloads args=1700000000000,30000
-- realistic: fcall=jq_requeue_expired keys={q:img}:ready,{q:img}:inflight args=1700000060000,100
-- realistic: fcall_ro=jq_stats keys={q:img}:ready,{q:img}:inflight
-- realistic: fcall=jq_ack keys={q:img}:inflight,{q:img}:payloads args=j-1

local function enqueue(keys, args)
  local ready_key, payloads_key = keys[1], keys[2]
  local job_id, payload = args[1], args[2]
  if not job_id or not payload then
    return redis.error_reply('ERR usage: job_id payload')
  end
  if redis.call('HSETNX', payloads_key, job_id, payload) == 0 then
    return redis.error_reply('ERR duplicate job id ' .. job_id)
  end
  return redis.call('LPUSH', ready_key, job_id)
end

local function claim(keys, args)
  local ready_key, inflight_key, payloads_key = keys[1], keys[2], keys[3]
  local now = tonumber(args[1])
  local visibility = tonumber(args[2])
  if not now or not visibility then
    return redis.error_reply('ERR now and visibility timeout must be numbers')
  end
  local job_id = redis.call('RPOP', ready_key)
  if not job_id then
    return nil
  end
  redis.call('ZADD', inflight_key, now + visibility, job_id)
  return {job_id, redis.call('HGET', payloads_key, job_id)}
end

local function ack(keys, args)
  local inflight_key, payloads_key = keys[1], keys[2]
  if redis.call('ZREM', inflight_key, args[1]) == 0 then
    return 0
  end
  redis.call('HDEL', payloads_key, args[1])
  return 1
end

local function requeue_expired(keys, args)
  local ready_key, inflight_key = keys[1], keys[2]
  local now = tonumber(args[1])
  local max = tonumber(args[2])
  if not now or not max then
    return redis.error_reply('ERR now and max must be numbers')
  end
  max = math.max(1, math.min(max, 500))
  local expired = redis.call('ZRANGE', inflight_key, '-inf', now, 'BYSCORE', 'LIMIT', 0, max)
  for _, job_id in ipairs(expired) do
    redis.call('ZREM', inflight_key, job_id)
    redis.call('RPUSH', ready_key, job_id)
  end
  return #expired
end

local function stats(keys)
  return {redis.call('LLEN', keys[1]), redis.call('ZCARD', keys[2])}
end

redis.register_function('jq_enqueue', enqueue)
redis.register_function('jq_claim', claim)
redis.register_function('jq_ack', ack)
redis.register_function{function_name = 'jq_requeue_expired', callback = requeue_expired}
redis.register_function{function_name = 'jq_stats', callback = stats, flags = {'no-writes'}}

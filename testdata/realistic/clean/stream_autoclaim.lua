-- Recover messages stuck with dead consumers: claim entries idle for too
-- long (XAUTOCLAIM, Redis 6.2+) and dead-letter those delivered too many
-- times, acknowledging them so that they leave the pending list.
--
-- KEYS[1]  stream
-- KEYS[2]  dead-letter stream
-- ARGV[1]  consumer group
-- ARGV[2]  claiming consumer
-- ARGV[3]  minimum idle time in milliseconds
-- ARGV[4]  maximum deliveries before dead-lettering
-- ARGV[5]  batch size (clamped to 100)
-- Returns {next cursor, claimed ids..., "|", dead-lettered ids...}.
--
-- realistic: keys=events:{orders},events:{orders}:dlq args=billing,billing-2,0,3,50
-- realistic: setup=XGROUP CREATE events:{orders} billing 0 MKSTREAM; XADD events:{orders} 1-1 type a; XREADGROUP GROUP billing billing-1 COUNT 10 STREAMS events:{orders} >
local rcall = redis.call
local stream_key, dlq_key = KEYS[1], KEYS[2]
local group, consumer = ARGV[1], ARGV[2]
local min_idle = tonumber(ARGV[3])
local max_deliveries = tonumber(ARGV[4])
local batch = tonumber(ARGV[5])
if not min_idle or not max_deliveries or not batch then
  return redis.error_reply('ERR idle time, deliveries and batch must be numbers')
end
batch = math.max(1, math.min(batch, 100))

local claimed = rcall('XAUTOCLAIM', stream_key, group, consumer, min_idle, '0-0', 'COUNT', batch)
local out = {claimed[1]}
local dead = {}
for _, entry in ipairs(claimed[2]) do
  local id = entry[1]
  -- XPENDING with an id range reports the delivery count of that entry.
  local info = rcall('XPENDING', stream_key, group, id, id, 1)
  local deliveries = info[1] and info[1][4] or 0
  if deliveries > max_deliveries then
    rcall('XADD', dlq_key, 'MAXLEN', '~', 10000, '*', 'id', id, 'group', group)
    rcall('XACK', stream_key, group, id)
    dead[#dead + 1] = id
  else
    out[#out + 1] = id
  end
end
out[#out + 1] = '|'
for _, id in ipairs(dead) do
  out[#out + 1] = id
end
return out

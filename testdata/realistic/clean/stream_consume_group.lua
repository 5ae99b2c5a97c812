-- Read a batch for a consumer group member and acknowledge the previous
-- batch in the same round trip; creates the group on first use. Also
-- reports the group's lag from XINFO GROUPS (Redis 7.0+ field "lag").
--
-- KEYS[1]  stream
-- ARGV[1]  group
-- ARGV[2]  consumer
-- ARGV[3]  batch size (clamped to 100)
-- ARGV[4..]  ids of the previous batch to acknowledge
-- Returns {acknowledged, entries...}.
--
-- realistic: keys=events:{billing} args=invoicer,inv-1,10,1-1
-- realistic: setup=XADD events:{billing} 1-1 type a; XADD events:{billing} 2-1 type b
local rcall = redis.call
local key = KEYS[1]
local group, consumer = ARGV[1], ARGV[2]
local count = tonumber(ARGV[3])
if not count or count < 1 then
  return redis.error_reply('ERR batch size must be a positive number')
end
count = math.min(count, 100)
if not group or not consumer then
  return redis.error_reply('ERR group and consumer required')
end

local has_group = false
if rcall('EXISTS', key) == 1 then
  for _, g in ipairs(rcall('xinfo', 'groups', key)) do
    for i = 1, #g, 2 do
      if g[i] == 'name' and g[i + 1] == group then
        has_group = true
      end
    end
  end
end
if not has_group then
  rcall('XGROUP', 'CREATE', key, group, '0', 'MKSTREAM')
end

local acked = 0
if #ARGV >= 4 then
  acked = rcall('XACK', key, group, unpack(ARGV, 4))
end
local out = {acked}
local reply = rcall('XREADGROUP', 'GROUP', group, consumer, 'COUNT', count, 'STREAMS', key, '>')
if reply then
  for _, entry in ipairs(reply[1][2]) do
    out[#out + 1] = entry[1]
  end
end
return out

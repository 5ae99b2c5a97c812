-- Numeric loops up to #reply of a bounded reply, or of a table whose size
-- the caller or a constant chooses, fill tables with a size bound.
local page = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE', 'LIMIT', 0, 100)
local picked = {}
for i = 1, #page do
  picked[#picked + 1] = page[i]
end
redis.call('ZREM', KEYS[1], unpack(picked))
local head = redis.call('XRANGE', KEYS[2], '-', '+', 'COUNT', 50)
local ids = {}
for i = 1, #head do
  ids[i] = head[i][1]
end
redis.call('XDEL', KEYS[2], unpack(ids))
local top = redis.call('ZRANGE', KEYS[3], 0, 9)
local members = {}
for i = #top, 1, -1 do
  members[#members + 1] = top[i]
end
redis.call('SADD', KEYS[4], unpack(members))
local fixed = {'a', 'b', 'c'}
local copy = {}
for i = 1, #fixed do
  copy[i] = fixed[i]
end
redis.call('SADD', KEYS[4], unpack(copy))
local fromKeys = {}
for i = 1, table.getn(KEYS) do
  fromKeys[i] = KEYS[i]
end
return redis.call('DEL', unpack(fromKeys))

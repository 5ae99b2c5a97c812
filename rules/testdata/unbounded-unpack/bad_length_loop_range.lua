-- A numeric loop up to #reply counts as a loop over the reply, whatever
-- makes the reply grow: the same replies as ipairs(reply).
local due = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE')
local stale = {}
for i = 1, #due do
  if redis.call('HGET', KEYS[2], due[i]) == '0' then
    table.insert(stale, due[i])
  end
end
if #stale > 0 then
  redis.call('ZREM', KEYS[1], unpack(stale)) -- want: unbounded-unpack "a table filled in a loop bounded by the size of the 'ZRANGE' reply"
end

-- The ipairs form of the same loop (reported before too).
local stale2 = {}
for _, id in ipairs(due) do
  stale2[#stale2 + 1] = id
end
redis.call('ZREM', KEYS[1], unpack(stale2)) -- want: unbounded-unpack "a table filled in a loop over the 'ZRANGE' reply (a range read without LIMIT)"

-- Score, lex and ID ranges without LIMIT/COUNT, KEYS, counting down.
local old = redis.call('ZRANGEBYSCORE', KEYS[3], 0, ARGV[2])
local keys = {}
for i = #old, 1, -1 do
  keys[#keys + 1] = 'job:' .. old[i]
end
redis.call('DEL', unpack(keys)) -- want: unbounded-unpack "the size of the 'ZRANGEBYSCORE' reply"
local names = redis.call('ZRANGEBYLEX', KEYS[4], '[a', '[b')
local tagged = {}
for i = 1, #names do
  tagged[i] = names[i] .. ':tag'
end
redis.call('SADD', KEYS[5], unpack(tagged)) -- want: unbounded-unpack "the size of the 'ZRANGEBYLEX' reply"
local entries = redis.call('XRANGE', KEYS[6], ARGV[3], '+')
local ids = {}
for i = 1, #entries do
  ids[i] = entries[i][1]
end
redis.call('XDEL', KEYS[6], unpack(ids)) -- want: unbounded-unpack "the size of the 'XRANGE' reply"
local found = redis.call('KEYS', 'session:*')
local victims = {}
for i = 1, #found do
  victims[i] = found[i]
end
redis.call('UNLINK', unpack(victims)) -- want: unbounded-unpack "the size of the 'KEYS' reply"

-- table.getn(t) and #t of a table the script filled from the data.
local copied = {}
for i = 1, table.getn(found) do
  copied[i] = found[i]
end
redis.call('UNLINK', unpack(copied)) -- want: unbounded-unpack "a table filled in a loop over the 'KEYS' reply"
local again = {}
for i = 1, #stale2 do
  again[#again + 1] = stale2[i]
end
return redis.call('ZREM', KEYS[1], unpack(again)) -- want: unbounded-unpack "a loop over a table filled in a loop over the 'ZRANGE' reply"

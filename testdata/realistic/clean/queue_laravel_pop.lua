-- Pop the next job and reserve it (Laravel-style): the payload is JSON;
-- its attempt counter is bumped and the reserved copy is added to the
-- reserved sorted set, scored by its retry deadline. The notify list
-- (used by blocking workers) loses one token.
--
-- KEYS[1]  queue list
-- KEYS[2]  reserved sorted set
-- KEYS[3]  notify list
-- ARGV[1]  retry deadline (unix seconds)
-- Returns {job, reserved job} (both false when the queue is empty).
--
-- realistic: keys=queues:{default},queues:{default}:reserved,queues:{default}:notify args=1700000090
-- realistic: setup=RPUSH queues:{default} {"id":"j1"%2C"attempts":0}; RPUSH queues:{default}:notify 1
local job = redis.call('lpop', KEYS[1])
local reserved = false

if job ~= false then
  reserved = cjson.decode(job)
  reserved['attempts'] = (tonumber(reserved['attempts']) or 0) + 1
  reserved = cjson.encode(reserved)
  redis.call('zadd', KEYS[2], ARGV[1], reserved)
  redis.call('lpop', KEYS[3])
end

return {job, reserved}

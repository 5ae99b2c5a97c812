-- Update an order's status and append an audit entry. The audit write is
-- wrapped in redis.pcall "so that auditing never breaks orders", but the
-- result is thrown away: when the audit key has the wrong type (or the
-- server is out of memory) the entry is silently lost.
--
-- KEYS[1]  order hash
-- KEYS[2]  audit stream
-- ARGV[1]  new status
-- ARGV[2]  actor
-- realistic: keys=order:{7},audit:{7} args=shipped,ops-1
local rcall = redis.call
local order_key, audit_key = KEYS[1], KEYS[2]
local status, actor = ARGV[1], ARGV[2]

local previous = rcall('HGET', order_key, 'status')
rcall('HSET', order_key, 'status', status)
redis.pcall('XADD', audit_key, '*', 'from', previous or '', 'to', status, 'by', actor) -- want: unchecked-pcall
return previous

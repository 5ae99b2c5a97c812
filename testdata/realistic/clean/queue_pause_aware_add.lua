-- Add a job id to the wait list, or to the paused list while the queue is
-- paused (BullMQ's getTargetQueueList idea): the target key is one of two
-- declared keys, picked with and/or.
--
-- KEYS[1]  queue meta hash (field "paused" exists while paused)
-- KEYS[2]  wait list
-- KEYS[3]  paused list
-- ARGV[1]  job id
-- Returns {target ("wait" or "paused"), length}.
--
-- realistic: keys=bull:{img}:meta,bull:{img}:wait,bull:{img}:paused args=j-5
-- realistic: setup=HSET bull:{img}:meta paused 1
local rcall = redis.call
local meta_key, wait_key, paused_key = KEYS[1], KEYS[2], KEYS[3]

local paused = rcall('HEXISTS', meta_key, 'paused') == 1
local target = paused and paused_key or wait_key
local length = rcall('LPUSH', target, ARGV[1])
return {paused and 'paused' or 'wait', length}

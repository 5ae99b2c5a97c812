-- Move a member between two priority tiers. The helpers come first and
-- take the key as a parameter named `key`; the chunk's own `key`-named
-- locals are declared after them, so nothing is shadowed (a local is
-- visible only after its declaration).
--
-- KEYS[1]  source tier (sorted set)
-- KEYS[2]  destination tier (sorted set)
-- ARGV[1]  member
-- Returns the member's score in the destination, or false when absent.
--
-- realistic: keys=tier:{t}:gold,tier:{t}:platinum args=acme
-- realistic: setup=ZADD tier:{t}:gold 120 acme 80 globex
local rcall = redis.call

local function score_of(key, member)
  return rcall('ZSCORE', key, member)
end

local function move(key, dest, member, score)
  rcall('ZREM', key, member)
  rcall('ZADD', dest, score, member)
end

local key, dest_key = KEYS[1], KEYS[2]
local member = ARGV[1]
local score = score_of(key, member)
if not score then
  return false
end
move(key, dest_key, member, score)
return score_of(dest_key, member)

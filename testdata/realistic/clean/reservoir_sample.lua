#!lua
--[[
  Keep a uniform random sample of at most K events out of a stream of
  events (reservoir sampling, "algorithm R") for debugging dashboards.
  The script declares its flags line (#!lua, no flags), so Redis enforces
  that every key is declared and in one slot.

  KEYS[1]  sample list (at most K entries)
  KEYS[2]  events-seen counter
  ARGV[1]  K (at most 1000)
  ARGV[2]  event payload
  ARGV[3]  random seed drawn by the client (hex, e.g. "9f3a")
  Returns the number of events seen.

  realistic: keys=sample:{api},sample:{api}:seen args=100,GET%20/v1/items,9f3a
  realistic: setup=SET sample:{api}:seen 250
]]
local rcall, rpcall = redis.call, redis.pcall
local sample_key, seen_key = KEYS[1], KEYS[2]
local k = tonumber(ARGV[1], 10)
local seed = tonumber(ARGV[3], 16)
if not k or k < 1 or k > 1e3 then
  return redis.error_reply('ERR K must be between 1 and 1000')
end
if not seed then
  return redis.error_reply('ERR seed must be hexadecimal')
end
if not ARGV[2] then
  return redis.error_reply('ERR event payload required')
end

local seen = rcall('INCR', seen_key)
if seen <= k then
  rcall('RPUSH', sample_key, ARGV[2])
  return seen
end
math.randomseed(seed)
local slot = math.random(1, seen)
if slot <= k then
  -- The list may be shorter than K if it was trimmed by hand: LSET then
  -- fails with "index out of range", which is not worth failing for.
  local reply = rpcall('LSET', sample_key, slot - 1, ARGV[2])
  if type(reply) == 'table' and reply.err then
    rcall('RPUSH', sample_key, ARGV[2])
    rcall('LTRIM', sample_key, 0, k - 1)
  end
end
return seen

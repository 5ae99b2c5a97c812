#!lua flags=no-writes,allow-stale
-- Read-only snapshot for an ops dashboard, allowed on replicas (also on a
-- replica that lost its master: allow-stale) through EVAL_RO. Uses only
-- read commands, including the read-only variants BITFIELD_RO and SORT_RO.
--
-- KEYS[1]  feature counters (BITFIELD u8 #0..#7)
-- KEYS[2]  queue list
-- KEYS[3]  priority list of job ids (numeric)
-- KEYS[4]  drivers geo set
-- KEYS[5]  events stream
-- KEYS[6]  config string
-- ARGV[1]  longitude
-- ARGV[2]  latitude
-- Returns {counter #0, counter #1, queue length, first 3 priorities,
--          drivers within 5 km, stream length, config length, config TTL}.
--
-- realistic: keys={ops}:feat,{ops}:queue,{ops}:prio,{ops}:drivers,{ops}:events,{ops}:config args=-9.14,38.72
-- realistic: setup=BITFIELD {ops}:feat SET u8 #0 7; RPUSH {ops}:queue a b; RPUSH {ops}:prio 30 10 20; GEOADD {ops}:drivers -9.145 38.725 d1; XADD {ops}:events * k v; SET {ops}:config {} EX 60
local rcall = redis.call
local feat_key, queue_key, prio_key, drivers_key, events_key, config_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local lon, lat = tonumber(ARGV[1]), tonumber(ARGV[2])
if not lon or not lat then
  return redis.error_reply('ERR longitude and latitude must be numbers')
end

local counters = rcall('BITFIELD_RO', feat_key, 'GET', 'u8', '#0', 'GET', 'u8', '#1')
local top = rcall('SORT_RO', prio_key, 'LIMIT', 0, 3)
local near = rcall('GEOSEARCH', drivers_key, 'FROMLONLAT', lon, lat, 'BYRADIUS', 5, 'km', 'COUNT', 50)
return {
  counters[1],
  counters[2],
  rcall('LLEN', queue_key),
  table.concat(top, ','),
  #near,
  rcall('XLEN', events_key),
  rcall('STRLEN', config_key),
  rcall('TTL', config_key),
}

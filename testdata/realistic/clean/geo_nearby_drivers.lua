-- Update a driver's position and return the nearest available drivers to
-- a pickup point (ride-hailing dispatch).
--
-- KEYS[1]  geo set of available drivers
-- KEYS[2]  driver heartbeat hash (driver -> last update)
-- ARGV[1]  driver id
-- ARGV[2]  driver longitude
-- ARGV[3]  driver latitude
-- ARGV[4]  pickup longitude
-- ARGV[5]  pickup latitude
-- ARGV[6]  search radius in km
-- ARGV[7]  now, in seconds
-- Returns {driver, distance in km, ...} nearest first, at most 10 drivers.
--
-- realistic: keys=geo:{city:lis}:drivers,geo:{city:lis}:seen args=drv-12,-9.1393,38.7223,-9.1400,38.7200,3,1700000000
-- realistic: setup=GEOADD geo:{city:lis}:drivers -9.1450 38.7250 drv-7
local rcall = redis.call
local geo_key, seen_key = KEYS[1], KEYS[2]
local driver = ARGV[1]
local lon, lat = tonumber(ARGV[2]), tonumber(ARGV[3])
local plon, plat = tonumber(ARGV[4]), tonumber(ARGV[5])
local radius = tonumber(ARGV[6])
local now = tonumber(ARGV[7])
if not lon or not lat or not plon or not plat or not radius or not now then
  return redis.error_reply('ERR coordinates, radius and now must be numbers')
end
if lat < -85.05112878 or lat > 85.05112878 or lon < -180 or lon > 180 then
  return redis.error_reply('ERR driver position out of range')
end

rcall('GEOADD', geo_key, ARGV[2], ARGV[3], driver)
rcall('HSET', seen_key, driver, now)
return rcall('GEOSEARCH', geo_key, 'FROMLONLAT', ARGV[4], ARGV[5],
  'BYRADIUS', ARGV[6], 'km', 'ASC', 'COUNT', 10, 'WITHDIST')

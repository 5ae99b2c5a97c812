#!lua name=inventory
-- Inventory as a Functions library. The library checks the server version
-- once at load (only redis.REDIS_VERSION_NUM and redis.log exist then) and
-- the functions choose a reply protocol per call.
--
-- inv_adjust(keys={stock hash}, args={sku, delta, ...}) -> new levels;
--   all-or-nothing: no level may go below zero
-- inv_levels(keys={stock hash}, args={sku...}) -> map sku -> level (RESP3);
--   read-only
-- inv_total(keys={stock hash...}, args={sku}) -> units of sku over all
--   warehouses given (same hash tag); read-only
--
-- realistic: setup=HSET inv:{eu}:ams sku-1 3 sku-2 4; HSET inv:{eu}:ber sku-1 2
-- realistic: fcall=inv_adjust keys=inv:{eu}:ams args=sku-1,5,sku-2,-1
-- realistic: fcall_ro=inv_levels keys=inv:{eu}:ams args=sku-1,sku-2,sku-3
-- realistic: fcall_ro=inv_total keys=inv:{eu}:ams,inv:{eu}:ber args=sku-1

local MAX_LINES = 100
if redis.REDIS_VERSION_NUM < 0x00070000 then
  redis.log(redis.LOG_WARNING, 'inventory library needs Redis 7.0 or newer')
end

local function adjust(keys, args)
  local key = keys[1]
  if #args == 0 or #args % 2 ~= 0 or #args > 2 * MAX_LINES then
    return redis.error_reply('ERR pass sku/delta pairs (at most 100)')
  end
  local deltas = {}
  for i = 1, #args, 2 do
    local delta = tonumber(args[i + 1])
    if not delta or delta % 1 ~= 0 then
      return redis.error_reply('ERR delta for ' .. args[i] .. ' must be an integer')
    end
    local level = tonumber(redis.call('HGET', key, args[i])) or 0
    if level + delta < 0 then
      return redis.error_reply('ERR not enough ' .. args[i])
    end
    deltas[#deltas + 1] = delta
  end
  local levels = {}
  for i = 1, #args, 2 do
    levels[#levels + 1] = redis.call('HINCRBY', key, args[i], deltas[(i + 1) / 2])
  end
  return levels
end

local function levels(keys, args)
  if #args == 0 or #args > MAX_LINES then
    return redis.error_reply('ERR pass 1 to 100 skus')
  end
  redis.setresp(3)
  local values = redis.call('HMGET', keys[1], unpack(args))
  local out = {}
  for i, sku in ipairs(args) do
    out[sku] = tonumber(values[i]) or 0
  end
  return {map = out}
end

local function total(keys, args)
  local units = 0
  for i = 1, #keys do
    units = units + (tonumber(redis.call('HGET', keys[i], args[1])) or 0)
  end
  return units
end

redis.register_function('inv_adjust', adjust)
redis.register_function{function_name = 'inv_levels', callback = levels, flags = {'no-writes'}}
redis.register_function{function_name = 'inv_total', callback = total, flags = {'no-writes'}}

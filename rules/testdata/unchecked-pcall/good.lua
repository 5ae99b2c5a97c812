local rpcall = redis.pcall
local r = rpcall('INCR', KEYS[1])
if type(r) == 'table' and r.err then
  return redis.error_reply('counter is not a number')
end
local ok, err = pcall(redis.call, 'SET', KEYS[2], ARGV[1])
if not ok then
  redis.log(redis.LOG_WARNING, err)
end
local ok2, decoded = pcall(cjson.decode, ARGV[2])
if not ok2 then
  return redis.error_reply('bad JSON')
end
local reply = redis.pcall('GET', KEYS[3])
if reply.err then
  return reply
end
local res = redis.pcall('HGET', KEYS[4], 'f')
local function handle(x) return x end
handle(res)
local status = pcall(function() return 1 end)
local t = {status = status}
if pcall(redis.call, 'DEL', KEYS[5]) then
  t.deleted = true
end
local nocheck
nocheck = redis.pcall('TYPE', KEYS[6])
if nocheck['ok'] == 'string' then
  t.kind = 'string'
end
return redis.pcall('EXISTS', KEYS[7])

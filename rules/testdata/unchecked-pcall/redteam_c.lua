-- fixture: redis-version=valkey-8.0
local function f(keys, args)
  local res = server.pcall('GET', keys[1]) -- want: unchecked-pcall
  return string.sub(res, 1, 3)
end
local ok, res = pcall(f, KEYS, ARGV)
if ok then return res end
return redis.error_reply(res)

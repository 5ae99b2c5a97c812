-- Helpers that receive the key prefix as a parameter. Every call passes
-- KEYS[1], so the keys built from it are keys built from KEYS[1]: with
-- allow-prefix-from-keys they are accepted (without the option they are
-- reported like KEYS[1] .. id would be: bad_param_from_calls.lua).
-- fixture: option allow-prefix-from-keys=true
local function purgeMembers(prefix, setKey)
  local ids = redis.call('SMEMBERS', setKey)
  for _, id in ipairs(ids) do
    redis.call('DEL', prefix .. id)
    redis.call('DEL', prefix .. ARGV[2] .. ':' .. id)
  end
end

local function touch(prefix, id, ttl)
  return redis.call('EXPIRE', string.format('%s%s', prefix, id), ttl)
end

purgeMembers(KEYS[1], KEYS[2])
return touch(KEYS[1], ARGV[1], 60)

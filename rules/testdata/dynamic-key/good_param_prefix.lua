-- Helpers that receive the key prefix as a parameter: the caller passes a
-- KEYS element (or a prefix of its own), which may carry the {hash tag}
-- that decides the slot, so the keys built from it are not judged here.
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

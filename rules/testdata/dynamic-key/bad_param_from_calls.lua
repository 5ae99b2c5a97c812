-- Helper parameters take their origins from the calls: every call of these
-- helpers is in this file, so what the parameter holds is known.
local rcall = redis.call
local function touch(n)
  rcall('EXPIRE', 'lock:' .. n, 10) -- want: dynamic-key "key built from ARGV[1] by concatenation"
end
touch(ARGV[1])

local function save(k)
  rcall('SET', k, 1) -- want: dynamic-key "key taken from ARGV[2]"
end
save(ARGV[2])

-- The prefix passed by the caller is KEYS[1]: cluster-safe only with a
-- {hash tag}, exactly as KEYS[1] .. id written in place.
local function purge(prefix, setKey)
  for _, id in ipairs(redis.call('SSCAN', setKey, 0, 'COUNT', 10)[2]) do
    rcall('DEL', prefix .. id)  -- derived-key (info): see testdata/derived-key/bad_param_from_calls.lua
  end
end
purge(KEYS[1], KEYS[2])

-- A helper called from another helper: the origin flows through both.
local function inner(key)
  return rcall('GET', key) -- want: dynamic-key "ARGV[3]"
end
local function outer(key)
  return inner(key)
end
return outer(ARGV[3])

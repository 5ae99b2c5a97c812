-- fixture: option allow-prefix-from-keys=true
local function jobsKey()
  return KEYS[1] .. ':jobs'
end
redis.call('LLEN', jobsKey())

local function sub(name)
  return KEYS[1] .. ':' .. name
end
redis.call('LLEN', sub('wait'))
redis.call('LLEN', sub(ARGV[1]))

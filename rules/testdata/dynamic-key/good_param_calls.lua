-- Helper parameters that stay unknown or are whole KEYS elements.
local rcall = redis.call
-- every call passes a KEYS element
local function touch(k, ttl)
  rcall('EXPIRE', k, ttl)
end
touch(KEYS[1], 10)
touch(KEYS[2], 20)

-- escapes: stored in a table, so other callers may pass anything
local function del(k)
  rcall('DEL', 'x:' .. k)
end
local handlers = {del = del}
handlers.del(ARGV[1])

-- returned: the caller is outside the file
local function get(k)
  return rcall('GET', 'y:' .. k)
end

-- never called
local function unused(k)
  return rcall('GET', 'z:' .. k)
end

-- the argument position is covered by a multi-value call
local function pair(a, b)
  rcall('SET', KEYS[1], a)
  return rcall('GET', 'w:' .. b)
end
pair(unpack(KEYS))
return get

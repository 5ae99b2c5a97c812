local prev = nil
for _, k in ipairs(KEYS) do
  if prev then redis.call('SET', k, prev) end
  prev = k
end
local count = 0
local function inc() count = count + 1 end
inc()
local cache = {}
local function get(k) cache[k] = cache[k] or redis.call('GET', k) return cache[k] end
local M = {}
function M:method() return self end
local ok, err = pcall(get, KEYS[1]) -- want: unused-variable
local a, b = unpack(ARGV)
local n = #a
local t = {}
t[#t + 1] = b
local up = 1
local f = function() return up end
local i = 0
while i < n do i = i + 1 end
local x = 1
x = x + 1
local y -- want: unused-variable
y = 2
return {ok, f(), M:method(), t}

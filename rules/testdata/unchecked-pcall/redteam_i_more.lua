local function f()
  redis['pcall']('SET', KEYS[1], 1) -- want: unchecked-pcall
end
f()
local ok, err = pcall(f)
if not ok then return redis.error_reply(err) end
local t = {}
for i = 1, #KEYS do
  t[i] = redis.pcall('GET', KEYS[i])
end
return t

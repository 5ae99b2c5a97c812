local call, pc = redis.call, redis.pcall
pc('SET', KEYS[1], 1) -- want: unchecked-pcall
local function wrap()
  pc('DEL', KEYS[1]) -- want: unchecked-pcall
end
wrap()
return 1

-- redis: reply bulk:"x"
-- redis-keys: k1
KEYS[1] = 'x'
local t = {}
t.x = 1
local function helper() return KEYS[1] end
return helper()

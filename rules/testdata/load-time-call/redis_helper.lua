#!lua name=lttest5
-- redis: error "Script attempted to access nonexistent global variable 'math'"
local function setup()
  return math.floor(2.5) -- want: load-time-call
end
local n = setup()
redis.register_function('f', function() return n end)

#!lua name=ltlib
local prefix = string.format('%s:', 'app')    -- want: load-time-call "'string' does not exist while the library loads"
local rcall = redis.call                      -- want: load-time-call "'redis.call' runs while the library loads"
local limits = {}
for k, v in pairs({a = 1}) do                 -- want: load-time-call "nonexistent global variable 'pairs'"
  limits[k] = v
end
local n = tonumber('5')                       -- want: load-time-call
local enc = cjson.encode({})                  -- want: load-time-call
redis.setresp(3)                              -- want: load-time-call "nonexistent global variable 'setresp'"
local function setup()
  return math.floor(2.5)                      -- want: load-time-call "(in 'setup', called at line 14)"
end
local x = setup()
redis.register_function('f', function(keys, args)
  return rcall('GET', keys[1]) .. prefix .. n .. enc .. x
end)

-- fixture: option report-loop-variables=true
local reply = redis.call('GET', KEYS[1]) -- want: unused-variable "local 'reply' is never read"
local unused -- want: unused-variable
local a, b = 1, 2 -- want: unused-variable "local 'b'"
local written = 1 -- want: unused-variable "assigned but never read"
written = 2
local function helper() return 1 end -- want: unused-variable "local function 'helper' is never called"
local function loop(n) return loop(n - 1) end -- want: unused-variable "only called by itself"
for i = 1, 3 do -- want: unused-variable "loop variable 'i'"
  redis.call('INCR', KEYS[1])
end
for k, v in pairs({}) do -- want: unused-variable "loop variable 'k'"
  redis.call('SET', v, 1)
end
local ok, err = pcall(function() end) -- want: unused-variable "local 'err'"
local function cb(keys, args) -- want: unused-variable
  local inner = keys[1] -- want: unused-variable
  return 1
end
for _, w in pairs({}) do -- want: unused-variable "loop variable 'w'"
  redis.call('SET', _, 1) -- renaming w to _ would make this _ the value: not safe
end
return a + (ok and 1 or 0)

-- Reads of globals the sandbox does not have.
local n = tonumbr(ARGV[1]) -- want: undefined-global "did you mean 'tonumber'?"
local s = string.trim(ARGV[2]) -- want: undefined-global "'string.trim' does not exist"
local v = table.unpack({1, 2}) -- want: undefined-global "use 'unpack'"
local f = string.fromat('%d', 1) -- want: undefined-global "did you mean 'string.format'?"
local m = math.tointeger(1) -- want: undefined-global "Lua 5.2+"
local j = cjson.decod(ARGV[3]) -- want: undefined-global "cjson.decode"
local r = redis.cal('GET', KEYS[1]) -- want: undefined-global "did you mean 'redis.call'?"
local x = undefined_var -- want: undefined-global "Script attempted to access nonexistent global variable 'undefined_var'"
local reply = redis.call('GET', KEYS[1])
local y = replay -- want: undefined-global "did you mean 'reply'?"
local z = server.call('GET', KEYS[1]) -- want: undefined-global "set redis-version: valkey-8.0 if you target Valkey"
local fn = redis.register_function -- want: undefined-global "while a Functions library loads"
local vv = redis.VALKEY_VERSION -- want: undefined-global "Valkey 8.0+"
do
  local hidden = 1
end
local h = hidden -- want: undefined-global "not in scope here"
local function helper()
  return Tostring(1) -- want: undefined-global "did you mean 'tostring'?"
end
function M.method() end -- want: undefined-global "undefined global 'M'"
return {n, s, v, f, m, j, r, x, y, z, fn, vv, h, helper(), reply}

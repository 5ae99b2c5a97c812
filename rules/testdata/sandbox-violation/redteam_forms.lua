local a = os.time() -- want: sandbox-violation
local b = io.open("/etc/passwd") -- want: sandbox-violation
local c = require("cjson") -- want: sandbox-violation
local d = loadfile("x.lua") -- want: sandbox-violation
dofile("x.lua") -- want: sandbox-violation
print("hello") -- want: sandbox-violation
local e = debug.traceback() -- want: sandbox-violation
local f = package.loaded -- want: sandbox-violation
setfenv(1, {}) -- want: sandbox-violation
local g = getfenv(1) -- want: sandbox-violation
local h = newproxy(true) -- want: sandbox-violation
local i = os.getenv("HOME") -- want: sandbox-violation
os.execute("rm -rf /") -- want: sandbox-violation
local j = io.write -- want: sandbox-violation
local k = _G.print -- want: sandbox-violation
local l = _G["io"] -- want: sandbox-violation
local m = pcall(require, "x") -- want: sandbox-violation
local n = os["date"]() -- want: sandbox-violation
local o = module -- want: sandbox-violation
local p = os.clock()
return {a, b}

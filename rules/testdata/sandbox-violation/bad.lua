-- Libraries and functions the sandbox removes on purpose.
local now = os.time() -- want: sandbox-violation "'os.time' is not available"
local home = os.getenv('HOME') -- want: sandbox-violation "os.getenv"
os.execute('rm -rf /') -- want: sandbox-violation "os.execute"
local f = io.open('/etc/passwd') -- want: sandbox-violation "the script must not touch files"
io.write('x') -- want: sandbox-violation "io.write"
local json = require('json') -- want: sandbox-violation "'require'"
local chunk = loadfile('/tmp/x.lua') -- want: sandbox-violation "'loadfile'"
dofile('/tmp/x.lua') -- want: sandbox-violation "'dofile'"
print('debug') -- want: sandbox-violation "redis.log"
local tb = debug.traceback() -- want: sandbox-violation "'debug.traceback'"
local path = package.path -- want: sandbox-violation "'package.path'"
module('x') -- want: sandbox-violation "'module'"
setfenv(1, {}) -- want: sandbox-violation "CVE-2025-46818"
local env = getfenv(1) -- want: sandbox-violation "'getfenv'"
local p = newproxy(true) -- want: sandbox-violation "'newproxy'"
local b = bit32.band(1, 2) -- want: sandbox-violation "use the bit library"
local u = utf8.char(72) -- want: sandbox-violation "'utf8'"
local function later()
  return os.date() -- want: sandbox-violation "os.date"
end
return {now, home, f, json, chunk, tb, path, env, p, b, u, later()}

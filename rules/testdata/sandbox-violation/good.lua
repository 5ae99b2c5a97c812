-- os.clock exists on the default target (Redis 8.4); the rest is ordinary sandbox code.
local t0 = os.clock()
local clock = os.clock
redis.log(redis.LOG_NOTICE, 'started')
local t = {os = 1, io = 2, print = 3}
local debug_mode = ARGV[1] == 'debug'
local pkg = t.package
return {t0, clock(), t.os, t.io, debug_mode, pkg}

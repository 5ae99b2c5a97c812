-- fixture: redis-version=6.2
setfenv(1, {}) -- want: sandbox-violation
local t = os.time() -- want: sandbox-violation
return t

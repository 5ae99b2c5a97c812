-- fixture: redis-version=valkey-7.2
local n = server
local o = os -- want: sandbox-violation
return n

-- fixture: redis-version=valkey-7.2
local n = server -- want: undefined-global
local o = os
return n

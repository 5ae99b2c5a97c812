-- fixture: redis-version=7.2
local o = os.clock() -- want: undefined-global "7.4"
local n = server -- want: undefined-global
return o

-- redis: error "Script attempted to access nonexistent global variable 'TIME'"
-- A Redis command written as a Lua function: the local being declared is
-- not in scope in its own initializer, so 'time' is not a suggestion.
local time = TIME() -- want: undefined-global "call it with redis.call('TIME')"
return time[1]

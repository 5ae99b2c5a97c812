-- fixture: redis-version=6.2
-- Redis 6.2 words the error differently and let scripts change library tables.
count = 1 -- want: global-assignment "Script attempted to create global variable 'count'"
function helper() end -- want: global-assignment "Redis 6.2 raises"
string.x = 1 -- want: global-assignment "leaks into every later script"
_G.y = 1 -- want: global-assignment "Script attempted to create global variable 'y'"
rawset(_G, 'z', 1)

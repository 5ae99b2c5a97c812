-- redis: error "Attempt to modify a readonly table"
-- redis-keys: k1
KEYS = {} -- want: global-assignment
return 1

-- redis: error "Attempt to modify a readonly table"
redis.call = nil -- want: global-assignment
return 1

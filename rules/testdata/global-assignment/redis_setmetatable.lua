-- redis: error "Attempt to modify a readonly table"
setmetatable(_G, nil) -- want: global-assignment
return 1

-- redis: error "Attempt to modify a readonly table"
rawset(_G, 'y', 1) -- want: global-assignment
return 1

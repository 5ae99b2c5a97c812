-- redis: error "Attempt to modify a readonly table"
_G.total = 0 -- want: global-assignment
return 1

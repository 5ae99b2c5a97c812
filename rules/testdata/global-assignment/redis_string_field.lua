-- redis: error "Attempt to modify a readonly table"
string.x = 'y' -- want: global-assignment
return 1

-- redis: error "Attempt to modify a readonly table"
x = 1 -- want: global-assignment
return x

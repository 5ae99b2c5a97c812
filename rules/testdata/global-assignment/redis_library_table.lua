-- redis: error "Attempt to modify a readonly table"
function table.extend(t) return t end -- want: global-assignment
return 1

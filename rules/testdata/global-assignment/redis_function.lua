-- redis: error "Attempt to modify a readonly table"
function f() return 1 end -- want: global-assignment
return f()

-- fixture: redis-version=6.2
x = 1 -- want: global-assignment "create global variable"
function f() end -- want: global-assignment
return x

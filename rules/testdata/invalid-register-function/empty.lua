#!lua name=emptylib
-- want@1: invalid-register-function "No functions registered"
local function f() return 1 end
return f

#!lua name=lib
local function f() return 1 end
-- no registration -- want@1: invalid-register-function

#!lua name=rftest5
-- redis: error "No functions registered"
-- want@1: invalid-register-function
local x = 1

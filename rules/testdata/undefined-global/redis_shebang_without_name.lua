#!lua
-- redis: error "attempt to call field 'register_function' (a nil value)"
-- Without name= the '#!lua' line makes the file an EVAL script: the hint
-- points at the missing name=.
redis.register_function('f', function() return 1 end) -- want: undefined-global "the '#!lua' line has no name=, so the file is an EVAL script: did you forget name=? (#!lua name=<library>)"

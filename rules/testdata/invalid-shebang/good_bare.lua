#!lua
-- redis: ok
return 1

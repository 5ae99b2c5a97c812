#!lua flags=
-- redis: ok
return 1

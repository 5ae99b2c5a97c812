#!lua  flags=no-writes   flags=allow-stale,no-cluster flags=allow-cross-slot-keys
-- redis: ok
return 1

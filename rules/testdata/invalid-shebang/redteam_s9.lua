#!lua flags=no-writes,allow-oom,allow-stale,no-cluster,allow-cross-slot-keys
return 1

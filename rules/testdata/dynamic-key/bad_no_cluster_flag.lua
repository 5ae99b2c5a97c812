#!lua flags=no-cluster
-- redis: reply int:1
-- redis-args: dk
-- (outside a cluster Redis runs it; in one it refuses: "Can not run script on cluster,
-- 'no-cluster' flag is set", see redis-semantics.md)
-- Redis refuses to run this script in a cluster: a key it builds cannot be
-- on another node, so the finding is information.
redis.call('INCR', 'rate:' .. ARGV[1])                   -- want: dynamic-key[info] "its #!lua line sets no-cluster"
return 1

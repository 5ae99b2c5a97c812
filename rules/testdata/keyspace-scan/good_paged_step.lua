-- One SCAN step per call: the client passes the cursor and gets the next
-- one back (the paging pattern the rule's advice asks for): info only.
local res = redis.call('SCAN', ARGV[1], 'MATCH', 'job:*', 'COUNT', 100) -- want: keyspace-scan[info] "paging pattern"
return res[1]

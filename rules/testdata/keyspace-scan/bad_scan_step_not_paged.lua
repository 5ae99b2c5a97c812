-- A SCAN step whose cursor is not the caller's, or whose cursor is not
-- returned, is not paging: the warning stays.
local a = redis.call('SCAN', 0, 'MATCH', 'job:*') -- want: keyspace-scan[warning]
local b = redis.call('SCAN', ARGV[1], 'MATCH', 'job:*') -- want: keyspace-scan[warning]
return {a[2], b[2]}

redis.call('Scan', 0) -- want: keyspace-scan
redis.call('keys', 'a*') -- want: keyspace-scan
return 1

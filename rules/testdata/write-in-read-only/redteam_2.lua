#!lua flags=no-writes,allow-oom
redis.call('SET', KEYS[1], 'v') -- want: write-in-read-only
return 1

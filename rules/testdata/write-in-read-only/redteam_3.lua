#!lua  flags=allow-oom   flags=no-writes
redis.call('LPUSH', KEYS[1], 'v') -- want: write-in-read-only
return 1

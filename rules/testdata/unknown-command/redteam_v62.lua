-- fixture: redis-version=6.2
redis.call('GETEX', KEYS[1])
redis.call('LMPOP', 1, KEYS[1], 'LEFT') -- want: unknown-command "7.0"
redis.call('FUNCTION', 'LIST') -- want: unknown-command
return redis.call('SINTERCARD', 1, KEYS[1]) -- want: unknown-command

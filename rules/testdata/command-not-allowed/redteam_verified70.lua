-- fixture: redis-version=7.0
-- Each verdict below was checked with EVAL on Redis 7.0.15 (redis.pcall, error text "This Redis command is not allowed from script").
redis.pcall('LATENCY','LATEST') -- want: command-not-allowed
redis.pcall('PUBSUB','CHANNELS')
redis.pcall('MEMORY','USAGE',KEYS[1])
redis.pcall('COMMAND','DOCS','GET')
redis.pcall('OBJECT','HELP')
redis.pcall('COMMAND','COUNT')
redis.pcall('CLIENT','INFO') -- want: command-not-allowed
redis.pcall('ACL','WHOAMI') -- want: command-not-allowed
redis.pcall('INFO')
redis.pcall('DBSIZE')
redis.pcall('SLOWLOG','GET')
redis.pcall('FUNCTION','LIST') -- want: command-not-allowed
redis.pcall('FUNCTION','STATS') -- want: command-not-allowed
redis.pcall('SCRIPT','FLUSH') -- want: command-not-allowed
redis.pcall('SWAPDB',0,1)
redis.pcall('LASTSAVE')
redis.pcall('ROLE') -- want: command-not-allowed
redis.pcall('BGSAVE') -- want: command-not-allowed
redis.pcall('REPLICAOF','NO','ONE') -- want: command-not-allowed
redis.pcall('FAILOVER') -- want: command-not-allowed
redis.pcall('MODULE','LIST') -- want: command-not-allowed
redis.pcall('LOLWUT')
redis.pcall('ECHO','x')
redis.pcall('PFSELFTEST')
redis.pcall('XINFO','HELP')
redis.pcall('CONFIG','HELP')
redis.pcall('SORT',KEYS[1])
return 1

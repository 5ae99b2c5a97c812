-- redis: reply bulk:"lexical"
-- redis-keys: atn:version
-- redis-args: 10
-- redis-setup: HSET atn:version v 9
-- "10" >= "9" is false: strings compare lexically.
if ARGV[1] >= redis.call('HGET', KEYS[1], 'v') then     -- want: argv-tonumber[warning] "lexically"
  return 'numeric'
end
return 'lexical'

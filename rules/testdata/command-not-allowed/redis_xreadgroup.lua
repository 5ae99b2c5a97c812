-- fixture: redis-version=7.0
-- redis-setup: XGROUP CREATE s g $ MKSTREAM
-- redis: error "XREADGROUP command is not allowed with BLOCK option from scripts"
return redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'BLOCK', 0, 'STREAMS', 's', '>') -- want: command-not-allowed

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'server'"
return server.call('PING') -- want: undefined-global

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'getfenv'"
return getfenv(1) -- want: sandbox-violation

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'loadfile'"
return loadfile('/tmp/x') -- want: sandbox-violation

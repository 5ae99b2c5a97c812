-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'dofile'"
return dofile('/tmp/x') -- want: sandbox-violation

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'debug'"
return debug.traceback() -- want: sandbox-violation

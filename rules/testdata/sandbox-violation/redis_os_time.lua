-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'os'"
return os.time() -- want: sandbox-violation

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'os'"
return os.clock() -- want: undefined-global

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'setfenv'"
return setfenv(1, {}) -- want: sandbox-violation

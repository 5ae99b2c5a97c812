-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'module'"
return module('x') -- want: sandbox-violation

-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'require'"
return require('json') -- want: sandbox-violation

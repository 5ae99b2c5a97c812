-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'newproxy'"
return newproxy(true) -- want: sandbox-violation

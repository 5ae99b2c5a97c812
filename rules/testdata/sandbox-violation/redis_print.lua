-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'print'"
return print('x') -- want: sandbox-violation

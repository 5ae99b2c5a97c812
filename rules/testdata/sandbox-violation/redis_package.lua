-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'package'"
return package.path -- want: sandbox-violation

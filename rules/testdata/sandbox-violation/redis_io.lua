-- fixture: redis-version=7.0
-- redis: error "Script attempted to access nonexistent global variable 'io'"
return io.open('/etc/passwd') -- want: sandbox-violation

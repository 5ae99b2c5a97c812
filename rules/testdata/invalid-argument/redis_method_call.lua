-- redis: error "Lua redis lib command arguments must be strings or integers"
return redis:call('PING') -- want: invalid-argument

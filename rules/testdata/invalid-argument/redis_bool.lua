-- redis: error "Lua redis lib command arguments must be strings or integers"
return redis.call('SET', 'k', 1 == 1) -- want: invalid-argument

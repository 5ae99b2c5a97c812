-- redis: error "Lua redis lib command arguments must be strings or integers"
return redis.pcall('SET', 'k', {}) -- want: invalid-argument

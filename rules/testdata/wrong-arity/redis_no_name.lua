-- redis: error "Please specify at least one argument for this redis lib call"
return redis.call() -- want: wrong-arity "without a command name"

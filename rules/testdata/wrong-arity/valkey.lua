-- fixture: redis-version=valkey-8.0
server.call('SET', KEYS[1]) -- want: wrong-arity "Wrong number of args calling command from script"

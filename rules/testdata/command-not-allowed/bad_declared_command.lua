-- A command declared noscript is refused like a table one.
-- fixture: config commands: [{name: MYMOD.ADMIN, flags: [noscript]}]
redis.call('MYMOD.ADMIN', 'reload')             -- want: command-not-allowed "'MYMOD.ADMIN' cannot be called from a script"

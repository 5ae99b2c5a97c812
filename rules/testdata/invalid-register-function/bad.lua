#!lua name=rflib
local function cb(keys, args) return 1 end
redis.register_function('a', cb, { 'no-writes' })       -- want: invalid-register-function "wrong number of arguments to redis.register_function"
redis.register_function()                               -- want: invalid-register-function
redis.register_function('only_name')                    -- want: invalid-register-function "only applicable to Lua table"
redis.register_function('bad-name', cb)                 -- want: invalid-register-function "Library names can only contain letters"
redis.register_function('', cb)                         -- want: invalid-register-function
redis.register_function('notfn', 'cb')                  -- want: invalid-register-function "second argument to redis.register_function must be a function"
redis.register_function({}, cb)                         -- want: invalid-register-function "first argument to redis.register_function must be a string"
redis.register_function('dup', cb)
redis.register_function('dup', cb)                      -- want: invalid-register-function "Function already exists in the library"
redis.register_function('Dup', cb)                      -- want: invalid-register-function "differs from 'dup' (line 10) only in case"
redis.register_function{
  function_name = 'named',
  callback = cb,
  flags = { 'no-writes', 'readonly' },                  -- want: invalid-register-function "unknown flag given"
  descripton = 'typo',                                  -- want: invalid-register-function "unknown argument given to redis.register_function"
}
redis.register_function{ function_name = 'nocb' }       -- want: invalid-register-function "must get a callback argument"
redis.register_function{ callback = cb }                -- want: invalid-register-function "must get a function name argument"
redis.register_function{ function_name = 'f2', callback = cb, flags = 'no-writes' } -- want: invalid-register-function "flags argument to redis.register_function must be a table"
redis.register_function{ function_name = 'f3', callback = 42 }                      -- want: invalid-register-function "callback argument given to redis.register_function must be a function"
redis.register_function{ function_name = 'f4', callback = cb, description = {} }    -- want: invalid-register-function "description argument"
redis.register_function{ function_name = 'f5', callback = cb, flags = { 'allow_oom' } } -- want: invalid-register-function "did you mean 'allow-oom'"

#!lua name=kvutil
-- Small key/value utilities registered from a table in a loop: a numeric
-- for and the length operator are plain Lua, so they work while the
-- library loads (pairs/ipairs would not: they are not loaded yet).
-- Every callback keeps the (keys, args) signature of the FCALL contract.
--
-- kv_getdel(keys={key}) -> value or nil
-- kv_swap(keys={a, b}) -> 1
-- kv_len(keys={key}) -> string length; read-only
-- kv_ttl_ms(keys={key}) -> remaining ms; read-only
--
-- realistic: setup=SET kv:{t}:a 1; SET kv:{t}:b two; SET kv:{t}:c three PX 60000
-- realistic: fcall=kv_swap keys=kv:{t}:a,kv:{t}:b
-- realistic: fcall_ro=kv_len keys=kv:{t}:a
-- realistic: fcall_ro=kv_ttl_ms keys=kv:{t}:c
-- realistic: fcall=kv_getdel keys=kv:{t}:b

local handlers = {}

function handlers.getdel(keys, args)
  return redis.call('GETDEL', keys[1])
end

function handlers.swap(keys, args)
  local a = redis.call('GET', keys[1])
  local b = redis.call('GET', keys[2])
  if not a or not b then
    return redis.error_reply('ERR both keys must hold strings')
  end
  redis.call('SET', keys[1], b, 'KEEPTTL')
  redis.call('SET', keys[2], a, 'KEEPTTL')
  return 1
end

function handlers.len(keys, args)
  return redis.call('STRLEN', keys[1])
end

function handlers.ttl_ms(keys, args)
  return redis.call('PTTL', keys[1])
end

local defs = {
  {'kv_getdel', handlers.getdel, {}},
  {'kv_swap', handlers.swap, {}},
  {'kv_len', handlers.len, {'no-writes'}},
  {'kv_ttl_ms', handlers.ttl_ms, {'no-writes'}},
}
for i = 1, #defs do
  local def = defs[i]
  redis.register_function{function_name = def[1], callback = def[2], flags = def[3]}
end

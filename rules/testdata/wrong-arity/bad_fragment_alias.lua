-- A helper of a script assembled at build time: 'exec' is the including
-- script's alias of redis.call, so its argument counts are checked.

local function clearAll(listKey)
  exec("DEL") -- want: wrong-arity
  return exec("LLEN", listKey)
end

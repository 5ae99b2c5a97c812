-- A helper file whose free name 'note' is a logger of the including script,
-- not redis.call: one of its literal first arguments is no command name,
-- so none of its calls is read as a command (note("GET", "config") is a
-- log line here, not a read of the key 'config').

local function fetchState(itemKey)
  note("GET", "config")
  note("fetching state")
  return redis.call("HGET", itemKey, "state")
end

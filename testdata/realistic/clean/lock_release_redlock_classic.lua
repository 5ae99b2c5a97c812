-- The release script from the Redlock description, as most client
-- libraries ship it verbatim: lowercase command names, no locals, an
-- else branch.
--
-- KEYS[1]  lock key
-- ARGV[1]  owner token
-- Returns 1 when the lock was released, 0 when it is not ours.
--
-- realistic: keys=resource:{printer} args=7f0c1d
-- realistic: setup=SET resource:{printer} 7f0c1d PX 10000
if redis.call("get", KEYS[1]) == ARGV[1] then
  return redis.call("del", KEYS[1])
else
  return 0
end

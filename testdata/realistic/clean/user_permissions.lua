#!lua flags=no-writes
-- Check a permission through the user's roles: a user has a handful of
-- roles (a small set, read whole) and each role a set of permissions.
-- Read-only, so it is marked no-writes and may run on replicas.
--
-- KEYS[1]     the user's role set
-- KEYS[2..n]  permission set of every role the app knows (same tag)
-- ARGV[1]     permission
-- ARGV[2..n]  role names, in the order of KEYS[2..n]
-- Returns the name of the first role granting the permission, or false.
--
-- realistic: keys=acl:{app}:user:5:roles,acl:{app}:role:viewer,acl:{app}:role:editor args=doc.edit,viewer,editor
-- realistic: setup=SADD acl:{app}:user:5:roles viewer editor; SADD acl:{app}:role:editor doc.edit doc.view; SADD acl:{app}:role:viewer doc.view
local rcall = redis.call
local permission = ARGV[1]
if #KEYS ~= #ARGV then
  return redis.error_reply('ERR pass one role name per role key')
end

local role_key = {}
for i = 2, #KEYS do
  role_key[ARGV[i]] = KEYS[i]
end

-- redis-lua-lint: ignore unbounded-read -- users have at most a dozen roles
local roles = rcall('SMEMBERS', KEYS[1])
table.sort(roles)
for _, role in ipairs(roles) do
  local key = role_key[role]
  if key and rcall('SISMEMBER', key, permission) == 1 then
    return role
  end
end
return false

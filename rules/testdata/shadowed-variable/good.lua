-- Same-block redeclaration, sibling scopes, `_` names and globals are not shadowing.
local a = ARGV[1]
local a = tonumber(a)
for _, v in ipairs(ARGV) do
  redis.call('SADD', KEYS[1], v)
end
for _, v in ipairs(KEYS) do
  redis.call('SADD', KEYS[1], v)
end
local _ = 1
do
  local _ = 2
  local _tmp = 3
  do
    local _tmp = 4
  end
end
local function f(keys, args) return keys end
local function g(keys, args) return args end
local tostring = tostring
return {a, f(KEYS, ARGV), g(KEYS, ARGV), tostring(1)}

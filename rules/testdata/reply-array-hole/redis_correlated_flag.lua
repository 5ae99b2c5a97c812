-- redis: reply [int:0 int:5]
-- redis-args: 0
-- The branch that leaves wait unset sets ok, and ok returns first: the
-- last return always has wait.
local ok, wait
if tonumber(ARGV[1]) > 0 then ok = true else ok = false wait = 5 end
if ok then return {1, 0} end
return {0, wait}

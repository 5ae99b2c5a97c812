-- redis: reply int:10
-- redis-args: 15
-- What later_assignment.lua advises: 'local' at the first assignment only;
-- the later assignment changes that local, and the script runs.
local count = tonumber(ARGV[1])
if count > 10 then
  count = 10
end
return count

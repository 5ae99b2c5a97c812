-- redis: error "Attempt to modify a readonly table"
-- redis-args: 15
-- 'local' on the later assignment instead of the first: the first
-- assignment is still a global one and fails, and the local would only
-- have lived inside the if.
count = tonumber(ARGV[1]) -- want: global-assignment "declare it with 'local count'"
if count > 10 then
  local count = 10
  return count
end
return count

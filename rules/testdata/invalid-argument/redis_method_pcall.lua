-- redis: reply bulk:"continued"
-- redis:pcall returns an error reply and the script goes on: the fix to
-- redis.pcall changes what the script does next, so it is not safe.
local r = redis:pcall('GET', 'k') -- want: invalid-argument
if type(r) == 'table' and r.err then
  return 'continued'
end
return 'ran'

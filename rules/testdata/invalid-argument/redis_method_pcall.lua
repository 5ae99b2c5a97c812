-- redis: reply bulk:"continued"
-- The colon form of pcall returns an error reply and the script goes on:
-- the fix (a dot) changes what the script does next, so it is not safe.
local r = redis:pcall('GET', 'k') -- want: invalid-argument
if type(r) == 'table' and r.err then
  return 'continued'
end
return 'ran'

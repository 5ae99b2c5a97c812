-- Only the first assignment of a global is told to add 'local': a 'local'
-- on a later one would start a second variable and leave the first global.
count = tonumber(ARGV[1]) -- want: global-assignment "declare it with 'local count'"
if count > 10 then
  count = 10 -- want: global-assignment "declare 'count' once, with 'local' at its first assignment (line 3) or above it, not here"
end
label = 'n' -- want: global-assignment "declare it with 'local label'"
function label() return 'f' end -- want: global-assignment "global function 'label': Redis 8.4 raises \"Attempt to modify a readonly table\"; declare 'label' once, with 'local' at its first assignment (line 7) or above it, not here"
return count

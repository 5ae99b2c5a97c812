-- A library field the script assigns is reported once, by
-- global-assignment at the assignment (where Redis raises "Attempt to
-- modify a readonly table"); the calls of the field are the same problem.
function table.extend(t, more)
  for _, v in ipairs(more) do
    t[#t + 1] = v
  end
  return t
end
string.trim = function(s) return (s:gsub('^%s+', '')) end
local all = table.extend({}, {KEYS[1]})
return table.extend(all, {string.trim(ARGV[1])})

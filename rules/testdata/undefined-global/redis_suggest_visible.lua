-- redis: error "Script attempted to access nonexistent global variable 'totl'"
-- A near miss of a local is only suggested where that local is in scope.
local function sum(list)
  local total = 0
  for _, v in ipairs(list) do
    total = total + tonumber(v)
  end
  return total
end
return sum(ARGV) + totl -- want: undefined-global "declare it with 'local'"

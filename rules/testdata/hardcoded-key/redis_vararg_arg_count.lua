-- arg.n counts the extra arguments of a vararg function.
-- redis: reply int:2
local function f(...)
  return arg.n
end
return f('a', 'b')

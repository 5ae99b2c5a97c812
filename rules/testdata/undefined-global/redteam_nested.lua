local function f(...)
  local n = select('#', ...)
  return n
end
local t = {}
function t.go() return helperx() end -- want: undefined-global
return f(1) + #t

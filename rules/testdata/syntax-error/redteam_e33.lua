local f = function(a, b) return a end
local y = f(1, 2,) -- want: syntax-error
return y

local function try() error({code = 1}) end
local ok, e = pcall(try)
local ok2 = xpcall(function() error({code = 2}) end, function(x) return x end)
local function both() error({}) end -- want: error-table
pcall(both)
both()
if not ok then return e.code end
return ok2

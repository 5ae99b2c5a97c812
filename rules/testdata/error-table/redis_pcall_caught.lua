-- redis: reply int:1
-- A table raised inside pcall is caught as a value: no crash, nothing reported.
local ok, e = pcall(function() error({code = 1}) end)
if ok then return 0 end
return e.code

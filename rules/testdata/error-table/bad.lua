local n = tonumber(ARGV[1])
if not n then
  error({}) -- want: error-table "no 'err' field"
end
if n < 0 then
  error({code = 'NEGATIVE', message = 'amount must be positive'}) -- want: error-table
end
if n > 100 then
  error({'too big'}) -- want: error-table
end
if n == 42 then
  error({err = false}) -- want: error-table "is not a string"
end
if n == 43 then
  error({err = {}}) -- want: error-table "is not a string"
end
if n == 44 then
  error(({}), 2) -- want: error-table
end
local e = {code = 1}
if n == 45 then
  error(e) -- want: error-table "raises the table built at line 20"
end
local function fail()
  error({msg = 'x'}) -- want: error-table
end
fail()
if n == 46 then
  error(setmetatable({}, {__tostring = function() return 'x' end})) -- want: error-table "metatable"
end
if n == 47 then
  error({err = nil, 'positional'}) -- want: error-table "is not a string"
end
return n

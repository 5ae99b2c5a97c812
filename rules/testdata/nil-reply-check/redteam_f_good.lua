local x = redis.call('GET', KEYS[1])
if x == nil or x == false then return 0 end
if x == nil or not x then return 0 end
if x ~= nil and x ~= false and x ~= '' then return 1 end
if x == '' or x == nil or x == false then return 2 end
if (x) == nil or type(x) ~= 'string' then return 3 end
if x and x ~= nil then return 4 end
return 5

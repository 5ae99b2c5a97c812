-- redis: error "'=' expected near ';'"
-- Built from host-language string pieces that lost the space where they
-- met: Lua reads the one name 'elsebreak'.
local n = 0
while true do
  n = n + 1
  if n < 3 then redis.call('INCR', KEYS[1]) elsebreak; end -- want: syntax-error "between 'else' and 'break'"
end
return n

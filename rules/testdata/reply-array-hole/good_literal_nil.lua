-- Literal nils at the end drop nothing but themselves: {nil} is how a
-- script returns an empty array on purpose.
local mode = ARGV[1]
if mode == 'none' then
  return {nil}
elseif mode == 'none2' then
  return {nil, nil}
elseif mode == 'nested' then
  return {{nil}, 'x'}
end
return {KEYS[1], nil}

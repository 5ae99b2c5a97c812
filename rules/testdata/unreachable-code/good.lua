-- Conditional raises and returns leave the code after them reachable.
local function check(v)
  if not v then
    error('missing value')
  end
  assert(v ~= '', 'empty value')
  if v == 'x' then
    return 1
  elseif v == 'y' then
    error('y')
  end
  return v
end

-- A loop with an exit.
local function drain(key)
  while true do
    if not redis.call('LPOP', key) then
      break
    end
  end
  return 0
end

-- pcall catches the error.
local ok = pcall(error, 'x')
local done = pcall(function()
  error('inner')
end)
check(ARGV[1])
drain(KEYS[1])
return {ok, done}

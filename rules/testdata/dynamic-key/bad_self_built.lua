-- A key grown from itself in a loop and on several paths: its prefix is
-- the first value's (ARGV[1] here), and following the local through its
-- own assignments must end.
local key = ARGV[1]
for i = 1, 3 do
  if i == 1 then
    key = key .. ':a'
  elseif i == 2 then
    key = key .. ':b'
  else
    key = key .. ':c' .. key
  end
end
redis.call('SET', key, 1) -- want: dynamic-key "ARGV"

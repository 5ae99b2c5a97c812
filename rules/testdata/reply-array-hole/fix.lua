local n = tonumber(ARGV[1])
if ARGV[2] == 'a' then
  return {1, nil, 3} -- want: reply-array-hole
elseif ARGV[2] == 'b' then
  return {n, 'x'} -- want: reply-array-hole
end
return {tonumber(ARGV[3]), 'y'} -- want: reply-array-hole

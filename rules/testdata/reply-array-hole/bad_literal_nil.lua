-- A literal nil with values after it still drops them, and a computed
-- element that can be nil is reported even when literal nils follow.
local mode = ARGV[1]
if mode == 'middle' then
  return {nil, 'x'} -- want: reply-array-hole "nil element: the reply array stops at the first nil, so this element and the 1 element after it are dropped"
end
return {tonumber(ARGV[2]), nil} -- want: reply-array-hole "'tonumber(ARGV[2])' is nil when the value is not a number: the reply array stops at the first nil, so the array ends before it"

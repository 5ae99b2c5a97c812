-- Flags that do not keep the nil away from the return: still reported.
local n, m = tonumber(ARGV[2]), tonumber(ARGV[3])
if ARGV[1] == 'same-value' then
  local ok, wait
  if n > 0 then ok = false else ok = false wait = 5 end
  if ok then return {1, 0} end
  return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here (no value on line 4)"
end
if ARGV[1] == 'no-else' then
  local ok, wait = true
  if n > 0 then ok = false wait = 5 end
  if ok then return {1, 0} end
  return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here"
end
if ARGV[1] == 'flag-changed' then
  local ok, wait
  if n > 0 then ok = true else ok = false wait = 5 end
  if m > 0 then ok = false end
  if ok then return {1, 0} end
  return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here"
end
if ARGV[1] == 'nested-write' then
  local ok, wait
  if n > 0 then
    ok = true
    if m > 0 then ok = false end
  else
    ok = false
    wait = 5
  end
  if ok then return {1, 0} end
  return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here"
end
if ARGV[1] == 'guard-falls-through' then
  local ok, wait
  if n > 0 then ok = true else ok = false wait = 5 end
  if ok then redis.log(redis.LOG_NOTICE, 'ok') end
  return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here"
end
if ARGV[1] == 'captured' then
  local ok, wait
  if n > 0 then ok = true else ok = false wait = 5 end
  local function reset() ok = false end
  reset()
  if ok then return {1, 0} end
  return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here"
end
if ARGV[1] == 'in-the-then-clause' then
  local ok, wait
  if n > 0 then ok = true else ok = false wait = 5 end
  if ok then return {0, wait, 1} end -- want: reply-array-hole "'wait' can be nil here"
  return {1, 0}
end
return {1}

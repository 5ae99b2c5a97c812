-- A local left unset in some branches, where those branches set a flag
-- that keeps them away from the return that uses the local: the nil never
-- reaches the reply.
local n = tonumber(ARGV[2])
if ARGV[1] == 'limit' then
  local ok, wait
  if n > 0 then ok = true else ok = false wait = 5 end
  if ok then return {1, 0} end
  return {0, wait}
end

-- GCRA shape: the local is set only where the flag is false, and the
-- return sits in the else of the test of the flag.
if ARGV[1] == 'gcra' then
  local now, tat, burst = n, tonumber(ARGV[3]), tonumber(ARGV[4])
  local allowed, retry_after
  if now >= tat then
    allowed = true
  elseif now + burst >= tat then
    allowed = true
  else
    allowed = false
    retry_after = tat - (now + burst)
  end
  if allowed then
    return {1, 0}
  else
    return {0, retry_after}
  end
end

-- The flag tested with not; an arm that raises needs no flag.
if ARGV[1] == 'pick' then
  local found, value
  if ARGV[3] == 'a' then
    found = 1
    value = 'A'
  elseif ARGV[3] == 'z' then
    error('z is reserved')
  else
    found = nil
  end
  if not found then return {0} end
  return {1, value}
end
return {2}

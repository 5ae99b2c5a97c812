local c = redis.call
local function get(k)
  local v = c('GET', k)
  if v == nil then return 'none' end -- want: nil-reply-check
  return v
end
return get(KEYS[1])

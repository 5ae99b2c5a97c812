local mode = ARGV[1]
if mode == 'literal' then
  return {1, nil, 3} -- want: reply-array-hole "nil element: the reply array stops at the first nil, so this element and the 1 element after it are dropped"
elseif mode == 'last' then
  return {1, 2, nil}
elseif mode == 'tonumber' then
  return {tonumber(ARGV[2]), 'ok', 'done'} -- want: reply-array-hole "'tonumber(ARGV[2])' is nil when the value is not a number"
elseif mode == 'get' then
  return {KEYS[1], tonumber(redis.call('GET', KEYS[1]))} -- want: reply-array-hole "is nil when the value is not a number"
elseif mode == 'unassigned' then
  local found
  if redis.call('EXISTS', KEYS[1]) == 1 then
    found = KEYS[1]
  end
  return {found, 'x'} -- want: reply-array-hole "'found' can be nil here (no value on line 11)"
elseif mode == 'assigned-nil' then
  local v = redis.call('GET', KEYS[1])
  if v == 'skip' then
    v = nil
  end
  return {'a', v, 'b'} -- want: reply-array-hole "'v' can be nil here (assigned nil on line 19)"
elseif mode == 'tonumber-local' then
  local ttl = tonumber(ARGV[3])
  return {redis.call('GET', KEYS[1]), ttl, 'done'} -- want: reply-array-hole "'ttl' can be nil here (tonumber on line 23"
elseif mode == 'loop' then
  local last
  for _, v in ipairs(redis.call('LRANGE', KEYS[2], 0, 9)) do
    last = v
  end
  return {last, 10} -- want: reply-array-hole "'last' can be nil"
elseif mode == 'nested' then
  return {{1, nil, 2}, 3} -- want: reply-array-hole "nil element"
elseif mode == 'local-table' then
  local reply = {'a', nil, 'c'} -- want: reply-array-hole "nil element"
  return reply
elseif mode == 'chain' then
  local a
  local b = a
  return {b, 1} -- want: reply-array-hole "'b' can be nil here (from 'a' can be nil"
end
return {}

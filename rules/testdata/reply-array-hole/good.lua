local mode = ARGV[1]
if mode == 'false' then
  return {1, false, 3} -- false is sent as a null and keeps the positions
elseif mode == 'replies' then
  return {redis.call('GET', KEYS[1]), redis.call('HGET', KEYS[2], 'f'), 'x'}
elseif mode == 'default' then
  return {tonumber(ARGV[2]) or 0, 'x'}
elseif mode == 'checked' then
  local n = tonumber(ARGV[2])
  if not n then
    return redis.error_reply('not a number')
  end
  return {n, 'x'}
elseif mode == 'checked-text' then
  if not tonumber(ARGV[3]) then
    return redis.error_reply('not a number')
  end
  return {tonumber(ARGV[3]), 'x'}
elseif mode == 'asserted' then
  local n = tonumber(ARGV[2])
  assert(n, 'not a number')
  return {n, 'x'}
elseif mode == 'compared' then
  local n = tonumber(ARGV[2])
  if n > 10 then -- raises on nil: n is a number past this line
    n = 10
  end
  return {n, 'x'}
elseif mode == 'used' then
  local ttl = tonumber(ARGV[2])
  redis.call('EXPIRE', KEYS[1], ttl) -- raises on nil
  return {KEYS[1], ttl}
elseif mode == 'int-reply' then
  return {tonumber(redis.call('INCR', KEYS[1])), tonumber('42'), 'x'}
elseif mode == 'assigned-everywhere' then
  local v
  if ARGV[2] == 'a' then
    v = 1
  else
    v = 2
  end
  return {v, 'x'}
elseif mode == 'field' then
  local t = cjson.decode(ARGV[2])
  return {t.x, t.y} -- table fields: unknown
elseif mode == 'status' then
  return {err = 'bad', nil}
elseif mode == 'tail-call' then
  return {'x', unpack(KEYS)}
end

-- Helper functions return Lua values: no reply conversion.
local function pair()
  return {1, nil}
end
local p = pair()
return {p[1], 'x'}

-- A value the returned constructor itself uses in a way that raises when it
-- is nil cannot leave a hole: Lua evaluates every field of a constructor,
-- left to right, before the table exists, so with a nil value the script
-- fails instead of replying with a short array.
local mode = ARGV[1]
if mode == 'arith' then
  local quota = tonumber(ARGV[2])
  local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
  return {quota - spent, quota}
elseif mode == 'unary' then
  local delta = tonumber(ARGV[2])
  return {-delta, delta, 'ok'}
elseif mode == 'concat' then
  local word = string.match(ARGV[2], '^%a+$')
  return {'word:' .. word, word}
elseif mode == 'length' then
  local digits = string.match(ARGV[2], '%d+')
  return {#digits, digits}
elseif mode == 'ordering' then
  -- The left operand of and/or always runs: the comparison raises on nil.
  local score = tonumber(ARGV[2])
  return {score >= 10 and 'high' or 'low', score}
elseif mode == 'method' then
  local name = string.match(ARGV[2], '^(%w+)=')
  return {name:upper(), name}
elseif mode == 'call' then
  local pick
  if ARGV[2] == 'up' then
    pick = string.upper
  end
  return {pick('x'), pick ~= nil and 1 or 0, pick}
elseif mode == 'command-arg' then
  local step = tonumber(ARGV[2])
  return {redis.call('INCRBY', KEYS[1], step), step}
elseif mode == 'math' then
  local weight = tonumber(ARGV[2])
  return {math.floor(weight), weight}
elseif mode == 'assert' then
  local id = tonumber(ARGV[2])
  return {assert(id, 'id must be a number'), id}
elseif mode == 'named-field' then
  -- The values (and keys) of hash fields are evaluated in order too.
  local size = tonumber(ARGV[2])
  return {half = size / 2, size}
elseif mode == 'bracketed-key' then
  local label = string.match(ARGV[2], '^%a+')
  return {[label .. ':seen'] = true, label}
elseif mode == 'later' then
  -- A raising use after the element also stops the reply.
  local count = tonumber(ARGV[2])
  return {count, count * 2}
elseif mode == 'nested-before' then
  local level = tonumber(ARGV[2])
  return {{level + 1}, level}
elseif mode == 'nested-after' then
  local rank = tonumber(ARGV[2])
  return {rank + 1, {'rank', rank}}
elseif mode == 'same-call' then
  return {tonumber(ARGV[2]) * 60, tonumber(ARGV[2])}
elseif mode == 'local-table' then
  local left = tonumber(ARGV[2])
  local reply = {left - 1, left}
  return reply
end
return {}

#!lua name=leaderboard
-- Game leaderboards as a Functions library: submit keeps a player's best
-- score only; the read functions are flagged no-writes so that they may
-- run on replicas with FCALL_RO.
--
-- lb_submit(keys={board}, args={player, score}) -> {best score, improved 0/1}
-- lb_top(keys={board}, args={n}) -> {member, score, ...}; read-only
-- lb_rank(keys={board}, args={player}) -> 1-based rank or nil; read-only
--
-- realistic: fcall=lb_submit keys=lb:{game:tetris} args=zoe,4200
-- realistic: fcall=lb_submit keys=lb:{game:tetris} args=max,3900
-- realistic: fcall_ro=lb_top keys=lb:{game:tetris} args=10
-- realistic: fcall_ro=lb_rank keys=lb:{game:tetris} args=max

local MAX_TOP = 100

local function submit(keys, args)
  local board = keys[1]
  local player = args[1]
  local score = tonumber(args[2])
  if not player or not score then
    return redis.error_reply('ERR usage: player score')
  end
  -- GT: only raise the score (Redis 6.2+); CH counts an update as a change.
  local changed = redis.call('ZADD', board, 'GT', 'CH', score, player)
  return {redis.call('ZSCORE', board, player), changed}
end

local function top(keys, args)
  local n = tonumber(args[1]) or 10
  n = math.max(1, math.min(math.floor(n), MAX_TOP))
  return redis.call('ZRANGE', keys[1], 0, n - 1, 'REV', 'WITHSCORES')
end

local function rank(keys, args)
  local r = redis.call('ZREVRANK', keys[1], args[1])
  if not r then
    return nil
  end
  return r + 1
end

redis.register_function('lb_submit', submit)
redis.register_function{function_name = 'lb_top', callback = top, flags = {'no-writes'}}
redis.register_function{function_name = 'lb_rank', callback = rank, flags = {'no-writes'}}

-- Nightly rollup of a sharded counter family, using commands whose literal
-- arguments are keywords, not keys: BITOP's operation, SORT's BY nosort,
-- XGROUP's group and id, OBJECT's subcommand, PFMERGE/ZRANGESTORE/SMOVE
-- key order, SINTERCARD/ZINTER numkeys forms. Every key is in KEYS.
--
-- KEYS[1]  yesterday's active bitmap
-- KEYS[2]  today's active bitmap
-- KEYS[3]  "active both days" bitmap (destination)
-- KEYS[4]  daily HyperLogLog A
-- KEYS[5]  daily HyperLogLog B
-- KEYS[6]  merged HyperLogLog (destination)
-- KEYS[7]  scores
-- KEYS[8]  top-10 copy (destination)
-- KEYS[9]  pending set
-- KEYS[10] done set
-- KEYS[11] audit stream
-- KEYS[12] id list
-- ARGV[1]  member to move from pending to done
-- Returns a summary array.
--
-- realistic: keys={r}:b1,{r}:b2,{r}:both,{r}:h1,{r}:h2,{r}:hall,{r}:scores,{r}:top,{r}:pending,{r}:done,{r}:audit,{r}:ids args=job-3
-- realistic: setup=SETBIT {r}:b1 5 1; SETBIT {r}:b2 5 1; PFADD {r}:h1 a b; PFADD {r}:h2 b c; ZADD {r}:scores 3 x 9 y; SADD {r}:pending job-3 job-4; RPUSH {r}:ids 3 1 2
local rcall = redis.call
local member = ARGV[1]
if not member then
  return redis.error_reply('ERR member required')
end

local both = rcall('BITOP', 'AND', KEYS[3], KEYS[1], KEYS[2])
rcall('PFMERGE', KEYS[6], KEYS[4], KEYS[5])
local copied = rcall('ZRANGESTORE', KEYS[8], KEYS[7], 0, 9, 'REV')
local moved = rcall('SMOVE', KEYS[9], KEYS[10], member)
local common = rcall('SINTERCARD', 2, KEYS[9], KEYS[10], 'LIMIT', 100)
local inter = rcall('ZINTER', 2, KEYS[7], KEYS[8], 'WITHSCORES')
if rcall('EXISTS', KEYS[11]) == 0 then
  rcall('XGROUP', 'CREATE', KEYS[11], 'auditors', '$', 'MKSTREAM')
end
local encoding = rcall('OBJECT', 'ENCODING', KEYS[7])
local ids = rcall('SORT', KEYS[12], 'BY', 'nosort', 'LIMIT', 0, 10)
return {both, copied, moved, common, #inter / 2, encoding, #ids}

-- Record a poll vote; votes from unverified accounts count half. Scores
-- are floats, so the increments are 1 and 0.5 (exactly representable, sent
-- as "1" and "0.5"), and the tally is returned as strings.
--
-- KEYS[1]  tally sorted set (option -> score)
-- KEYS[2]  voters set
-- ARGV[1]  voter id
-- ARGV[2]  option
-- ARGV[3]  "1" when the voter is verified
-- Returns {option score as a string} or 0 when the voter already voted.
--
-- realistic: keys=poll:{p3}:tally,poll:{p3}:voters args=u-9,blue,0
local rcall = redis.call
local tally_key, voters_key = KEYS[1], KEYS[2]
local voter, option = ARGV[1], ARGV[2]
if not voter or not option then
  return redis.error_reply('ERR voter and option required')
end

if rcall('SADD', voters_key, voter) == 0 then
  return 0
end
local score
if ARGV[3] == '1' then
  score = rcall('ZINCRBY', tally_key, 1, option)
else
  score = rcall('ZINCRBY', tally_key, 0.5, option)
end
return {score}

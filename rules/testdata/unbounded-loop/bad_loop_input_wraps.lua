-- An index that wraps around (KEYS[i % 2 + 1]) never runs past the last
-- key, so it does not tie the count to the request: the count is the
-- caller's choice (info).
local n = tonumber(ARGV[1])
for i = 1, n do -- want: unbounded-loop[info] "loop bound 'n' comes from ARGV with no upper limit: the caller chooses how many rounds run"
  redis.call('INCR', KEYS[i % 2 + 1])
end
-- A counter that is never advanced reads the same element every round.
local index = 2
for _ = 1, n do -- want: unbounded-loop[info] "loop bound 'n' comes from ARGV"
  redis.call('RPUSH', KEYS[1], ARGV[index])
end
return 1

-- redis: reply [int:1 int:1 int:1 int:1 int:1 int:1]
-- redis-args: 10 0 -5 0.5 1 7
-- Against '0' or '1', comparing strings gives the numeric answer for numbers
-- written the usual way: nothing to report. Each element is 1 when the lexical
-- and the numeric comparison agree.
local function same(a, b) if a == b then return 1 end return 0 end
return {
  same(ARGV[1] > '1', tonumber(ARGV[1]) > 1),
  same(ARGV[2] < '1', tonumber(ARGV[2]) < 1),
  same(ARGV[3] < '0', tonumber(ARGV[3]) < 0),
  same(ARGV[4] > '0', tonumber(ARGV[4]) > 0),
  same(ARGV[5] >= '1', tonumber(ARGV[5]) >= 1),
  same(ARGV[6] <= '0', tonumber(ARGV[6]) <= 0),
}

-- redis: reply int:3
-- redis-args: 3
-- A numeric for bound from ARGV runs: the string "3" is converted.
local rounds = 0
for i = 1, ARGV[1] do
  rounds = rounds + 1
end
return rounds

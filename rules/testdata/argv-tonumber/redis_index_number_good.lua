-- redis: reply bulk:"mid"
-- redis-args: 2
local levels = {'low', 'mid', 'high'}
return levels[tonumber(ARGV[1])]

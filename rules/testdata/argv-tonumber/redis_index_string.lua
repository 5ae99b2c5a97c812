-- redis: reply nil
-- redis-args: 2
-- t['2'] is not t[2]: the element is not found.
local levels = {'low', 'mid', 'high'}
return levels[ARGV[1]]                                   -- want: argv-tonumber[error] "whose keys are numbers"

-- Writing under an ARGV string stores a string key beside the numbers:
-- the array part never sees it.
local slots = {'a', 'b', 'c'}
slots[ARGV[1]] = 'x'                                     -- want: argv-tonumber[error] "index of 'slots', whose keys are numbers"
return slots

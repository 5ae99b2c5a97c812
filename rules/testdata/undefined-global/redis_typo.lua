-- redis: error "Script attempted to access nonexistent global variable 'tonumbr'"
-- redis-args: 5
local n = tonumbr(ARGV[1]) -- want: undefined-global
return n

local x = KEYS[1]
return ARGV[1]

-- fixture: allow-parse-errors
local flags = tonumber(ARGV[1])
return flags & 4 -- want: syntax-error

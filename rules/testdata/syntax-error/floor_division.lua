-- fixture: allow-parse-errors
local n = tonumber(ARGV[1])
return n // 2 -- want: syntax-error "//"

-- Decimal escapes, escaped backslashes and long strings are fine.
local sep = "\031"
local a = 'key:\065\066'
local path = "C:\\x41\\u{48}"
local long = [[\x41 \u{48}]]
local long2 = [==[\x41]==]
local nl = "a\nb\tc\\"
local q = 'it\'s'
-- "\x41" in a comment is not code
return {sep, a, path, long, long2, nl, q}

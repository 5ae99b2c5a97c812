local a = "\u{48}" -- want: lua51-escape
local b = "\x41" -- want: lua51-escape
local c = '\x41\x42' -- want: lua51-escape, lua51-escape
local d = "\\x41"
local e = [[\x41]]
local f = "a\z b" -- want: lua51-escape
local g = "\65\066"
local h = "\n\t\r\a\b\f\v\\\"\'"
local i = '\u{1F600}' -- want: lua51-escape
local j = "\X41"
local k = "\e"
local l = string.format("%s\x20", a) -- want: lua51-escape
local m = "\\\x41" -- want: lua51-escape
return {a, b}

local sep = "\x1f" -- want: lua51-escape `write '\031'`
local a = 'key:\x41\x42' -- want: lua51-escape `'\x41'`, lua51-escape `'\x42'`
local h = "\u{48}ello" -- want: lua51-escape `write '\072'`
local e = "caf\u{E9}" -- want: lua51-escape `\195\169`
local emoji = "\u{1F600}" -- want: lua51-escape `\240\159\152\128`
local bad_hex = "\xZZ" -- want: lua51-escape `decimal escapes`
local bad_u = "\u0041" -- want: lua51-escape `'\u'`
local digit = "\x411" -- want: lua51-escape `'\065'`
return {sep, a, h, e, emoji, bad_hex, bad_u, digit}

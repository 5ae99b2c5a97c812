local a = KEYS[1] -- redis-lua-lint: ignore unused-variables -- want: unused-suppression "unknown rule \"unused-variables\""
local b = KEYS[2] -- redis-lua-lint: ignore all -- want: unused-suppression "wildcards are not supported"
local c = KEYS[3] -- redis-lua-lint: ignroe unused-variable -- want: unused-suppression "unknown directive"
local d = KEYS[4] -- redis-lua-lint: disable -- want: unused-suppression "names no rule"
-- redis-lua-lint: enable unused-variable -- want: unused-suppression "without a disable"
return {a, b, c, d}

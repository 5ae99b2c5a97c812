-- Directive forms the harness can check with only unused-suppression enabled:
-- unknown rule names (any case), and directives in odd places.
local c = KEYS[1]
-- redis-lua-lint: ignore no-such-rule -- want: unused-suppression "no-such-rule"
local d = c
-- redis-lua-lint: ignore Global-Assignment -- want: unused-suppression "did you mean \"global-assignment\""
local e = d
--[[ redis-lua-lint: ignore unused-varable ]] local f = e -- want: unused-suppression "unknown rule"
local g = f -- redis-lua-lint: ignore unused-variable, shadowed-variabl -- want: unused-suppression "shadowed-variabl"
local s = "-- redis-lua-lint: ignore nothing-here"
return g .. s

-- Without the configured directive, the same comment is prose: the script
-- is whole and its undeclared helper a real error. A $include in prose is
-- not a directive either: call $include(x.lua) to paste it.
-- require_script("lib/bump_sequence")

return bumpSequence(KEYS[1]) -- want: undefined-global "bumpSequence"

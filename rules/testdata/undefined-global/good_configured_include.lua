-- A loader convention of the project's own, declared in the configuration
-- (includes: a regular expression with one group for the included name).
-- fixture: config includes: ['^require_script\("([^"]+)"\)']
-- require_script("lib/bump_sequence")

return bumpSequence(KEYS[1])

-- Declares a helper but also runs code at the top level: this is a whole
-- script, so its undeclared names are real errors. A comment that only
-- mentions @include in prose is not a directive.

local function double(n)
  return n * 2
end

return double(tonumbr(ARGV[1])) + fetchBonus() -- want: undefined-global "tonumber", undefined-global "fetchBonus"

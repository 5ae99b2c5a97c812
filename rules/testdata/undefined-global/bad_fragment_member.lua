-- An include fragment still reads the sandbox's libraries: a member they do
-- not have is an error wherever the fragment ends up.
--- @include "helpers/normalize"

local function cleanName(s)
  return string.trim(normalize(s)) -- want: undefined-global "string.trim"
end

return cleanName(ARGV[1])

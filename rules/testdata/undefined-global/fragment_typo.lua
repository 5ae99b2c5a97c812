-- A helper file meant to be included in another script (it only declares
-- local functions): names the including script defines are not reported,
-- but a near miss of a sandbox global is a typo wherever it is included.
local function parseLimit(limitArg)
  local n = tonumbr(limitArg) -- want: undefined-global "did you mean 'tonumber'"
  if not n then
    return defaultLimit
  end
  return n
end

local function readCount(key)
  return rcall('GET', key)
end

local function scanPage(command, key, cursor)
  return rcall(command, key, cursor, 'COUNT', 100)
end

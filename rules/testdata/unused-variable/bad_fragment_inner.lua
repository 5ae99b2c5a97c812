-- fixture: option report-loop-variables=true
-- In a fragment the top-level helpers are exported, but a local inside a
-- helper and a loop variable are still this file's own business.

local function countIds(ids)
  local total = 0
  local unusedCopy = ids -- want: unused-variable "unusedCopy"
  for i, id in ipairs(ids) do -- want: unused-variable "'i'"
    if id ~= "" then
      total = total + 1
    end
  end
  return total
end

-- The suggested fix adds `local` only where that keeps the meaning.
count = 1 -- want: global-assignment
function helper() return helper end -- want: global-assignment
total = total or 0 -- want: global-assignment
if count then
  inner = 1 -- want: global-assignment
end
return count + inner

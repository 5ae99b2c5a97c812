-- redis: skip (never ends: it would block the shared server until SCRIPT KILL)
-- A break guarded by a literal false can never run.
while true do -- want: unbounded-loop
  if false then break end
end

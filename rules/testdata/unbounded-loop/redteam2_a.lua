while true do -- want: unbounded-loop
  local f = function() return 1 end
  f()
end

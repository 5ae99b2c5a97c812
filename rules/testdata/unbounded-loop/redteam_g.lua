-- break only inside a nested loop or nested function does not exit the outer loop
while true do -- want: unbounded-loop
  for i = 1, 3 do
    if i == 2 then break end
  end
  local f = function() return 1 end
end

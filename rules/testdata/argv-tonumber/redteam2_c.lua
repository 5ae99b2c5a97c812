if ARGV[1] == -1 then return 1 end -- want: argv-tonumber
if 0 == ARGV[2] then return 2 end -- want: argv-tonumber
if ARGV[3] ~= 1.5 then return 3 end -- want: argv-tonumber
return 0

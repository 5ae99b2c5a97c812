local x = 1 != 2 -- want: syntax-error
return x

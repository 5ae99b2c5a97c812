local x = 1E+ -- want: syntax-error
return x

local x = 3.14.15 -- want: syntax-error
return x

local x = 1
x += 1 -- want: syntax-error
return x

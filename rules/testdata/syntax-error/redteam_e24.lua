local x = "\300" -- want: syntax-error
return x

local x = 0x.8 -- want: syntax-error
return x

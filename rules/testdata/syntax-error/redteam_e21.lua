local x = 0x1p-4 -- want: syntax-error
return x

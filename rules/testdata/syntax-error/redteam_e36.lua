local x = 0xffLL -- want: syntax-error
return x

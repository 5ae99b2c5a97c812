local s = "abc":upper() -- want: syntax-error
return s

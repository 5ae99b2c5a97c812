local x = -~5 -- want: syntax-error
return x

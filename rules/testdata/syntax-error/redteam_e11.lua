local x = 1_000 -- want: syntax-error "digit separators"
return x

local x = 0b101 -- want: syntax-error "binary literals"
return x

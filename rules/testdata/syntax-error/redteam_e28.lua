local x = 10 // 3 + 1 -- want: syntax-error "integer division"
return x

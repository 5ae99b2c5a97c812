::lbl:: -- want: syntax-error "Lua 5.2+"
return 1

-- redis: error "Script attempted to access nonexistent global variable 'print'"
return type(_G.print) -- want: sandbox-violation

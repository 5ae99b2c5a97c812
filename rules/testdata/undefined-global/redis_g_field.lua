-- redis: error "Script attempted to access nonexistent global variable 'foo'"
return _G.foo -- want: undefined-global

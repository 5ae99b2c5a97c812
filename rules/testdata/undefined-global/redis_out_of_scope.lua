-- redis: error "Script attempted to access nonexistent global variable 'hidden'"
do
  local hidden = 1
end
return hidden -- want: undefined-global "not in scope here"

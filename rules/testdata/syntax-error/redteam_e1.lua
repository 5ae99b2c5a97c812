goto done -- want: syntax-error "5.2"
::done::
return 1

// comment -- want: syntax-error
return 1

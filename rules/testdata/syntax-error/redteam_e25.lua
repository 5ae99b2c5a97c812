return "a" "b" -- want: syntax-error

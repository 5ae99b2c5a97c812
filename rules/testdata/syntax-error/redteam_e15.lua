local a = 1; ; return a -- want: syntax-error

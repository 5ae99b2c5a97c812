return 1 -- want@+1: syntax-error
break

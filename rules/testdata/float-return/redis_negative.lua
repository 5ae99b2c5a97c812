-- redis: reply int:-3
return -3.7 -- want: float-return

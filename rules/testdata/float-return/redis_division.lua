-- redis: reply int:3
return 10 / 3 -- want: float-return

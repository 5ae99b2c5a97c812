-- redis: reply [int:1 int:2 bulk:"x"]
return {1.5, 2.99, 'x'} -- want: float-return, float-return

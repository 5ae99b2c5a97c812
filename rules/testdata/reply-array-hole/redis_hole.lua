-- redis: reply [int:1]
return {1, nil, 3} -- want: reply-array-hole

-- redis: reply bulk:"3.3333333333333"
return tostring(10 / 3)

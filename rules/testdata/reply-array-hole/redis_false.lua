-- redis: reply [int:1 nil int:3]
return {1, false, 3}

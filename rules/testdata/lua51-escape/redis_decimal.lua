-- redis: reply bulk:"Aé"
return "\065\195\169"

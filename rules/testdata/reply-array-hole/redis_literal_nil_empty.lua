-- redis: reply []
-- The client receives an empty array for {nil}.
return {nil}

local x = "a\z
  b"
return x -- want@1: syntax-error `\z`

#!luajit
return 1 -- want@1: invalid-shebang

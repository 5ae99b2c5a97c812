-- redis: reply int:1
local unpack_ = table.unpack or unpack
if string.pack then return 0 end
return unpack_({1})

-- fixture: allow-parse-errors
for i = 1, #KEYS do
  goto continue -- want: syntax-error
end

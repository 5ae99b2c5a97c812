-- A byte order mark does not hide the findings of the rest of the file
-- (the engine blanks it; the raw parser alone rejects it, hence the setting).
-- fixture: allow-parse-errors
count = 1 -- want: global-assignment
return count

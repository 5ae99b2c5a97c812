-- A file of constants alone is not a header of inputs: run by EVAL it
-- still does nothing, and its locals are reported.
local limit = 10 -- want: unused-variable
local name = 'jobs' -- want: unused-variable

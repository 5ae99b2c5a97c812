-- redis: reply bulk:"x41"
return "\x41" -- want: lua51-escape

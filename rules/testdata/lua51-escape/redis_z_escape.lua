-- redis: reply bulk:"az b"
return "a\z b" -- want: lua51-escape

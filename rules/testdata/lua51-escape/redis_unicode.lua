-- redis: reply bulk:"u{48}"
return "\u{48}" -- want: lua51-escape

package analyzer

import "testing"

func TestHostPlaceholder(t *testing.T) {
	tests := []struct{ in, want, kind string }{
		{"%s", "%s", "a printf-style format verb"},
		{"lib_%d_x", "%d", "a printf-style format verb"},
		{"%-5.2f", "%-5.2f", "a printf-style format verb"},
		{"%(name)s", "%(name)s", "a printf-style format verb"},
		{"{name}", "{name}", "a format-string field"},
		{"{0}", "{0}", "a format-string field"},
		{"{}", "{}", "a format-string field"},
		{"x{{ lib }}", "{{ lib }}", "a template field"},
		{"${prefix}", "${prefix}", "an interpolated variable"},
		{"'.$x.'", "$x", "an interpolated variable"},
		{"#{lib}", "#{lib}", "an interpolated variable"},
		{"<%= name %>", "<%= name %>", "an ERB tag"},
		// Not placeholders: Lua pattern classes that are no printf verbs,
		// %%, a literal percent, braces around text, a price.
		{"%a+", "", ""},
		{"100%", "", ""},
		{"%%", "", ""},
		{"{a b}", "", ""},
		{"$5", "", ""},
		{"mylib", "", ""},
	}
	for _, tt := range tests {
		got, kind := HostPlaceholder(tt.in)
		if got != tt.want || kind != tt.kind {
			t.Errorf("HostPlaceholder(%q) = %q, %q; want %q, %q", tt.in, got, kind, tt.want, tt.kind)
		}
	}
}

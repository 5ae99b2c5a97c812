// Package redisfacts holds the facts about Redis and Valkey that rules need:
// the command table (generated from data/, copies of the shared command
// data), the Lua sandbox's globals for each target version and context,
// reply facts, and the cluster hash-slot function.
package redisfacts

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a target server: Redis or Valkey, major.minor.
type Version struct {
	Valkey bool
	Major  int
	Minor  int
}

// KnownVersions lists the targets the facts describe, oldest first per
// server, as users spell them in --redis-version and redis-version:.
var KnownVersions = []string{
	"6.2", "7.0", "7.2", "7.4", "8.0", "8.2", "8.4",
	"valkey-7.2", "valkey-8.0", "valkey-8.1",
}

// DefaultVersion is the newest Redis release the facts know.
var DefaultVersion = Version{Major: 8, Minor: 4}

// ParseVersion reads a target such as "7.2", "8.4" or "valkey-8.0". Patch
// levels ("7.2.4") are accepted and ignored. Only versions in KnownVersions
// are accepted.
func ParseVersion(s string) (Version, error) {
	var v Version
	t := strings.ToLower(strings.TrimSpace(s))
	if rest, ok := strings.CutPrefix(t, "valkey-"); ok {
		v.Valkey = true
		t = rest
	} else if rest, ok := strings.CutPrefix(t, "redis-"); ok {
		t = rest
	}
	parts := strings.Split(t, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return Version{}, fmt.Errorf("unknown redis-version %q (known: %s)", s, strings.Join(KnownVersions, ", "))
	}
	maj, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return Version{}, fmt.Errorf("unknown redis-version %q (known: %s)", s, strings.Join(KnownVersions, ", "))
	}
	v.Major, v.Minor = maj, minor
	for _, k := range KnownVersions {
		if k == v.String() {
			return v, nil
		}
	}
	return Version{}, fmt.Errorf("unknown redis-version %q (known: %s)", s, strings.Join(KnownVersions, ", "))
}

// String returns the version as users write it ("7.2", "valkey-8.0").
func (v Version) String() string {
	s := strconv.Itoa(v.Major) + "." + strconv.Itoa(v.Minor)
	if v.Valkey {
		return "valkey-" + s
	}
	return s
}

// AtLeast reports whether v is major.minor or newer, comparing within the
// same server family.
func (v Version) AtLeast(major, minor int) bool {
	return v.Major > major || (v.Major == major && v.Minor >= minor)
}

// Name returns "Redis" or "Valkey".
func (v Version) Name() string {
	if v.Valkey {
		return "Valkey"
	}
	return "Redis"
}

// Label returns the server and version for messages: "Redis 8.4",
// "Valkey 8.0".
func (v Version) Label() string {
	return v.Name() + " " + strconv.Itoa(v.Major) + "." + strconv.Itoa(v.Minor)
}

// Less reports whether v is older than w (within one server family).
func (v Version) Less(w Version) bool {
	return v.Major < w.Major || (v.Major == w.Major && v.Minor < w.Minor)
}

// FirstKnownVersion returns the oldest version of KnownVersions of one
// family (Valkey when valkey) for which pred holds.
func FirstKnownVersion(valkey bool, pred func(Version) bool) (Version, bool) {
	for _, s := range KnownVersions {
		if w, err := ParseVersion(s); err == nil && w.Valkey == valkey && pred(w) {
			return w, true
		}
	}
	return Version{}, false
}

// ParseMajorMinor reads the major and minor numbers a dotted version of
// the command table starts with ("7.0.0", "8.4") into a Version of one
// family (Valkey when valkey), as fmt.Sscanf("%d.%d") would.
func ParseMajorMinor(valkey bool, dotted string) (Version, bool) {
	var major, minor int
	if _, err := fmt.Sscanf(dotted, "%d.%d", &major, &minor); err != nil {
		return Version{}, false
	}
	return Version{Valkey: valkey, Major: major, Minor: minor}, true
}

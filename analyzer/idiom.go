package analyzer

// Idiom is a coding convention behind many findings of one rule that an
// option of the rule accepts on purpose (keys built from a key prefix that
// a queue library passes in ARGV). When a run has many findings of one
// idiom, the text report says once which option accepts it and why,
// rather than leaving the reader to find it in each message.
type Idiom struct {
	// Name says what the code does, to follow "N <rule> findings": "build
	// keys from a prefix passed in ARGV".
	Name string
	// Marker is text that the message of every finding of the idiom
	// holds, and no other finding of the rule.
	Marker string
	// Advice says which option accepts the idiom and when to set it.
	Advice string
}

// IdiomThreshold is how many findings of one idiom a run needs before the
// text report names the option that accepts it.
const IdiomThreshold = 3

// Package sarif writes lint results as SARIF 2.1.0 (the OASIS Static
// Analysis Results Interchange Format), the format GitHub code scanning
// and many IDEs read. model.go is a Go model of the subset of the
// standard we emit; writer.go builds it from analyzer results.
package sarif

// Version is the SARIF version written.
const Version = "2.1.0"

// SchemaURI is the JSON schema of SARIF 2.1.0, written as the log's
// "$schema".
const SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// Log is a SARIF log file (§3.13).
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one invocation of one tool (§3.14).
type Run struct {
	Tool        Tool         `json:"tool"`
	Invocations []Invocation `json:"invocations"`
	// OriginalURIBaseIDs maps uriBaseId names ("%SRCROOT%") to where they
	// pointed when the run was made.
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []Result                    `json:"results"`
	// ColumnKind says what columns count: "utf16CodeUnits" or
	// "unicodeCodePoints".
	ColumnKind string `json:"columnKind"`
}

// Tool describes the analysis tool (§3.18).
type Tool struct {
	Driver ToolComponent `json:"driver"`
}

// ToolComponent is the tool's driver and its rules (§3.19).
type ToolComponent struct {
	Name            string                `json:"name"`
	Version         string                `json:"version,omitempty"`
	SemanticVersion string                `json:"semanticVersion,omitempty"`
	InformationURI  string                `json:"informationUri,omitempty"`
	Rules           []ReportingDescriptor `json:"rules"`
}

// ReportingDescriptor describes a rule (§3.49).
type ReportingDescriptor struct {
	ID                   string                    `json:"id"`
	Name                 string                    `json:"name,omitempty"`
	ShortDescription     *MultiformatMessageString `json:"shortDescription,omitempty"`
	FullDescription      *MultiformatMessageString `json:"fullDescription,omitempty"`
	Help                 *MultiformatMessageString `json:"help,omitempty"`
	HelpURI              string                    `json:"helpUri,omitempty"`
	DefaultConfiguration *ReportingConfiguration   `json:"defaultConfiguration,omitempty"`
	Properties           *PropertyBag              `json:"properties,omitempty"`
}

// MultiformatMessageString is a text with an optional Markdown form
// (§3.12).
type MultiformatMessageString struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// ReportingConfiguration is a rule's default configuration (§3.50).
type ReportingConfiguration struct {
	// Level is "error", "warning", "note" or "none".
	Level string `json:"level"`
}

// PropertyBag holds the properties GitHub reads from a rule (§3.8).
type PropertyBag struct {
	Tags []string `json:"tags,omitempty"`
	// Precision is "very-high", "high", "medium" or "low".
	Precision string `json:"precision,omitempty"`
}

// Invocation describes how the run went (§3.20).
type Invocation struct {
	ExecutionSuccessful        bool           `json:"executionSuccessful"`
	ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
}

// Notification is a problem of the tool itself, such as a file it could
// not read (§3.58).
type Notification struct {
	Level     string     `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations,omitempty"`
}

// Message is a plain text message (§3.11). Plain text may link to a
// result's related locations with "[text](id)".
type Message struct {
	Text string `json:"text"`
}

// Result is one finding (§3.27).
type Result struct {
	RuleID    string  `json:"ruleId"`
	RuleIndex int     `json:"ruleIndex"`
	Level     string  `json:"level"`
	Message   Message `json:"message"`
	// Locations holds exactly one location: where the finding is.
	Locations        []Location `json:"locations"`
	RelatedLocations []Location `json:"relatedLocations,omitempty"`
	// PartialFingerprints identify the finding across runs.
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Fixes               []Fix             `json:"fixes,omitempty"`
}

// Location is a place in an artifact (§3.28).
type Location struct {
	// ID identifies a related location within its result (1-based here;
	// 0 means none).
	ID               int               `json:"id,omitempty"`
	PhysicalLocation *PhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *Message          `json:"message,omitempty"`
}

// PhysicalLocation is a region of a file (§3.29).
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation names a file (§3.4): a URI, relative to the uriBaseId
// when that is set.
type ArtifactLocation struct {
	URI         string   `json:"uri,omitempty"`
	URIBaseID   string   `json:"uriBaseId,omitempty"`
	Description *Message `json:"description,omitempty"`
}

// Region is a text range (§3.30). Lines and columns are 1-based; columns
// count what Run.ColumnKind says; the end column is exclusive.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// Fix is a proposed fix (§3.55).
type Fix struct {
	Description     *Message         `json:"description,omitempty"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
	// Properties say whether `check --fix` applies the fix: SARIF has no
	// field for it.
	Properties *FixProperties `json:"properties,omitempty"`
}

// FixProperties is the property bag of a Fix (§3.8).
type FixProperties struct {
	// Safe marks a fix `check --fix` applies (analyzer.Fix.Safe).
	Safe bool `json:"safe"`
}

// ArtifactChange is the part of a fix that changes one file (§3.56).
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// Replacement replaces a region with new content; no InsertedContent
// means a deletion (§3.57).
type Replacement struct {
	DeletedRegion   Region           `json:"deletedRegion"`
	InsertedContent *ArtifactContent `json:"insertedContent,omitempty"`
}

// ArtifactContent is literal text (§3.3).
type ArtifactContent struct {
	Text string `json:"text"`
}

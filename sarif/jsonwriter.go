package sarif

import (
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/internal/jsonw"
)

// The functions below stream the parts of a log that grow with the
// findings. Members are written in the field order of the model types;
// TestWriteMatchesEncodingJSON keeps the two in step.

func writeMessage(w *jsonw.Writer, k string, m Message) {
	w.Key(k)
	w.BeginObject()
	w.StringMember("text", m.Text)
	w.EndObject()
}

func writeArtifactLocation(w *jsonw.Writer, a *ArtifactLocation) {
	w.Key("artifactLocation")
	w.BeginObject()
	if a.URI != "" {
		w.StringMember("uri", a.URI)
	}
	if a.URIBaseID != "" {
		w.StringMember("uriBaseId", a.URIBaseID)
	}
	if a.Description != nil {
		writeMessage(w, "description", *a.Description)
	}
	w.EndObject()
}

func writeRegion(w *jsonw.Writer, k string, r *Region) {
	w.Key(k)
	w.BeginObject()
	w.IntMember("startLine", r.StartLine)
	w.IntMember("startColumn", r.StartColumn)
	w.IntMember("endLine", r.EndLine)
	w.IntMember("endColumn", r.EndColumn)
	w.EndObject()
}

func writeLocation(w *jsonw.Writer, l *Location) {
	w.BeginObject()
	if l.ID != 0 {
		w.IntMember("id", l.ID)
	}
	if p := l.PhysicalLocation; p != nil {
		w.Key("physicalLocation")
		w.BeginObject()
		writeArtifactLocation(w, &p.ArtifactLocation)
		if p.Region != nil {
			writeRegion(w, "region", p.Region)
		}
		w.EndObject()
	}
	if l.Message != nil {
		writeMessage(w, "message", *l.Message)
	}
	w.EndObject()
}

func writeResult(w *jsonw.Writer, r *Result) {
	w.BeginObject()
	w.StringMember("ruleId", r.RuleID)
	w.IntMember("ruleIndex", r.RuleIndex)
	w.StringMember("level", r.Level)
	writeMessage(w, "message", r.Message)
	w.Key("locations")
	w.BeginArray()
	for i := range r.Locations {
		writeLocation(w, &r.Locations[i])
	}
	w.EndArray()
	if len(r.RelatedLocations) > 0 {
		w.Key("relatedLocations")
		w.BeginArray()
		for i := range r.RelatedLocations {
			writeLocation(w, &r.RelatedLocations[i])
		}
		w.EndArray()
	}
	if len(r.PartialFingerprints) > 0 {
		w.Key("partialFingerprints")
		w.BeginObject()
		if len(r.PartialFingerprints) == 1 {
			// One key today: no need for a sorted copy of the keys.
			for k, v := range r.PartialFingerprints {
				w.EscapedKey(k)
				w.String(v)
			}
		} else {
			// Sorted like encoding/json.
			keys := make([]string, 0, len(r.PartialFingerprints))
			for k := range r.PartialFingerprints {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				w.EscapedKey(k)
				w.String(r.PartialFingerprints[k])
			}
		}
		w.EndObject()
	}
	if len(r.Fixes) > 0 {
		w.Key("fixes")
		w.BeginArray()
		for i := range r.Fixes {
			f := &r.Fixes[i]
			w.BeginObject()
			if f.Description != nil {
				writeMessage(w, "description", *f.Description)
			}
			w.Key("artifactChanges")
			w.BeginArray()
			for j := range f.ArtifactChanges {
				c := &f.ArtifactChanges[j]
				w.BeginObject()
				writeArtifactLocation(w, &c.ArtifactLocation)
				w.Key("replacements")
				w.BeginArray()
				for k := range c.Replacements {
					rep := &c.Replacements[k]
					w.BeginObject()
					writeRegion(w, "deletedRegion", &rep.DeletedRegion)
					if rep.InsertedContent != nil {
						w.Key("insertedContent")
						w.BeginObject()
						w.StringMember("text", rep.InsertedContent.Text)
						w.EndObject()
					}
					w.EndObject()
				}
				w.EndArray()
				w.EndObject()
			}
			w.EndArray()
			if f.Properties != nil {
				w.Key("properties")
				w.BeginObject()
				w.BoolMember("safe", f.Properties.Safe)
				w.EndObject()
			}
			w.EndObject()
		}
		w.EndArray()
	}
	w.EndObject()
}

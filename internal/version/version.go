// Package version holds the release number shared by the server and the web app
// (vite reads the same VERSION file), so the update bar compares like with like.
package version

import (
	_ "embed"
	"strings"
)

//go:embed VERSION
var raw string

// Current is the version of this build, e.g. "2.94".
var Current = strings.TrimSpace(raw)

// Package web embeds the built single-page app (web/dist, written by Vite).
package web

import "embed"

// Dist holds the built app; dist/.keep keeps the folder present before a build.
//
//go:embed all:dist
var Dist embed.FS

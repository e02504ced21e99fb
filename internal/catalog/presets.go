package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sync"
)

// Preset is a variety of the starter repository (spec: preset variety).
type Preset struct {
	Slug      string  `json:"slug"`
	Title     string  `json:"title"`
	Body      string  `json:"body"`
	Dominance string  `json:"dominance" enum:"indica,sativa,hibrido"`
	THC       bool    `json:"thc"`
	Images    []Image `json:"images"`
}

//go:embed presets.json
var presetsJSON []byte

var presets = sync.OnceValues(func() ([]Preset, error) {
	var list []Preset
	if err := json.Unmarshal(presetsJSON, &list); err != nil {
		return nil, err
	}
	for i := range list {
		u := "/api/preset_product/" + list[i].Slug + ".svg"
		list[i].Images = []Image{{Img: u, Thumb: u}}
	}
	return list, nil
})

// Presets lists the varieties shipped with the product.
func Presets() ([]Preset, error) { return presets() }

// PresetImage draws a variety's card: a leaf in the colour of its dominance
// on a tinted ground, with the variety's initials. ok is false for an unknown slug.
func PresetImage(slug string) (svg []byte, ok bool) {
	list, err := presets()
	if err != nil {
		return nil, false
	}
	for _, p := range list {
		if p.Slug != slug {
			continue
		}
		leaf, ground := "#6a9f3a", "#eef5e6" // hibrido
		switch p.Dominance {
		case "indica":
			leaf, ground = "#7b4ea3", "#f2ebf8"
		case "sativa":
			leaf, ground = "#c7831e", "#fbf2e4"
		}
		h := fnv.New32a()
		h.Write([]byte(slug))
		tilt := int(h.Sum32()%30) - 15
		initials := []rune{}
		for i, r := range []rune(p.Title) {
			if i == 0 || (len(initials) < 2 && []rune(p.Title)[i-1] == ' ' && r != '#') {
				initials = append(initials, r)
			}
		}
		return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">
<rect width="240" height="240" rx="24" fill="%s"/>
<g transform="translate(120 100) rotate(%d)" fill="%s">
<path d="M0 70 C-6 30 -8 0 0 -80 C8 0 6 30 0 70Z"/>
<path d="M0 60 C-30 30 -62 10 -78 -38 C-40 -20 -14 10 0 60Z"/>
<path d="M0 60 C30 30 62 10 78 -38 C40 -20 14 10 0 60Z"/>
<path d="M0 64 C-34 52 -62 50 -90 26 C-52 24 -22 38 0 64Z" opacity=".85"/>
<path d="M0 64 C34 52 62 50 90 26 C52 24 22 38 0 64Z" opacity=".85"/>
<rect x="-3" y="60" width="6" height="24" rx="3"/>
</g>
<text x="120" y="224" text-anchor="middle" font-family="sans-serif" font-size="22" font-weight="700" fill="%s">%s</text>
</svg>`, ground, tilt, leaf, leaf, string(initials)), true
	}
	return nil, false
}

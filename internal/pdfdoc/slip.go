package pdfdoc

import (
	"strings"

	"github.com/go-pdf/fpdf"
)

// Slip sizes: a receipt printer's 80 mm roll, or an A6 sheet.
const (
	SlipRoll = "80mm"
	SlipA6   = "a6"
)

// Slip is one printed slip: a title, label and value pairs, then a closing
// text in small type (the information slip's health warnings).
type Slip struct {
	Title  string
	Fields [][2]string
	Text   string
}

// Slips writes each slip on its own page of the size asked (SlipRoll or
// SlipA6).
func Slips(title, size string, slips []Slip) ([]byte, error) {
	page := fpdf.SizeType{Wd: 80, Ht: 150}
	margin := 4.0
	if size == SlipA6 {
		page, margin = fpdf.SizeType{Wd: 105, Ht: 148}, 7
	}
	p := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: page})
	d := &Doc{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("")}
	p.SetTitle(title, true)
	p.SetCreator("Socius", true)
	p.SetMargins(margin, margin, margin)
	p.SetAutoPageBreak(true, margin)
	for _, s := range slips {
		if size == SlipA6 {
			p.AddPage()
		} else {
			// a roll is cut where the slip ends
			p.AddPageFormat("P", fpdf.SizeType{Wd: page.Wd, Ht: rollHeight(p, d, s, page.Wd-2*margin, margin)})
		}
		p.SetFont("Helvetica", "B", 11)
		p.MultiCell(0, 5.5, d.tr(s.Title), "B", "L", false)
		p.Ln(1.5)
		w := page.Wd - 2*margin
		for _, kv := range s.Fields {
			label := d.tr(kv[0])
			p.SetFont("Helvetica", "B", 8.5)
			if p.GetStringWidth(label) > w*0.42-1 {
				// a long label (a best-before date's) takes its own line, its value the next
				p.MultiCell(0, 4.6, label, "", "L", false)
				p.CellFormat(w*0.42, 4.6, "", "", 0, "L", false, 0, "")
			} else {
				p.CellFormat(w*0.42, 4.6, label, "", 0, "L", false, 0, "")
			}
			p.SetFont("Helvetica", "", 8.5)
			p.MultiCell(0, 4.6, d.tr(kv[1]), "", "L", false)
		}
		if s.Text != "" {
			p.Ln(2)
			p.SetFont("Helvetica", "", 7)
			p.MultiCell(0, 3.4, d.tr(s.Text), "T", "L", false)
		}
	}
	return d.Bytes()
}

// rollHeight is the length of roll a slip takes, as Slips lays it out.
func rollHeight(p *fpdf.Fpdf, d *Doc, s Slip, w, margin float64) float64 {
	// lines counts the lines MultiCell wraps a text into, word by word, on
	// the text as printed (Windows-1252 bytes, which fpdf's SplitText cannot read)
	lines := func(font string, size float64, text string, width float64) float64 {
		p.SetFont("Helvetica", font, size)
		n, line := 1.0, 0.0
		space := p.GetStringWidth(" ")
		for _, word := range strings.Fields(d.tr(text)) {
			ww := p.GetStringWidth(word)
			switch {
			case line == 0:
				line = ww
			case line+space+ww <= width-2*p.GetCellMargin():
				line += space + ww
			default:
				n, line = n+1, ww
			}
			for line > width { // a word wider than the line is cut
				n, line = n+1, line-width
			}
		}
		return n
	}
	h := 2*margin + 5.5*lines("B", 11, s.Title, w) + 1.5
	for _, kv := range s.Fields {
		p.SetFont("Helvetica", "B", 8.5)
		n := lines("", 8.5, kv[1], w*0.58)
		if p.GetStringWidth(d.tr(kv[0])) > w*0.42-1 {
			n += lines("B", 8.5, kv[0], w)
		}
		h += 4.6 * n
	}
	if s.Text != "" {
		h += 2 + 3.4*lines("", 7, s.Text, w)
	}
	return h + 4
}

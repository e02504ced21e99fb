package pdfdoc

import "github.com/go-pdf/fpdf"

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
		p.AddPage()
		p.SetFont("Helvetica", "B", 11)
		p.MultiCell(0, 5.5, d.tr(s.Title), "B", "L", false)
		p.Ln(1.5)
		w := page.Wd - 2*margin
		for _, kv := range s.Fields {
			p.SetFont("Helvetica", "B", 8.5)
			p.CellFormat(w*0.42, 4.6, d.tr(kv[0]), "", 0, "L", false, 0, "")
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

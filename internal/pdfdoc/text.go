package pdfdoc

// Subheading names a part of a section (a table's title).
func (d *Doc) Subheading(text string) {
	d.keep(lineH + 6 + 2*lineH)
	d.pdf.Ln(1.5)
	d.pdf.SetFont("Helvetica", "B", 9.5)
	d.pdf.MultiCell(0, lineH, d.tr(text), "", "L", false)
}

// Text writes a message whole: a line about it in small bold type (when,
// who), then its body, wrapped, as long as it is.
func (d *Doc) Text(about, body string) {
	d.pdf.SetFont("Helvetica", "B", 8)
	d.pdf.SetTextColor(80, 80, 80)
	d.pdf.MultiCell(0, 4.5, d.tr(about), "", "L", false)
	d.pdf.SetTextColor(0, 0, 0)
	d.pdf.SetFont("Helvetica", "", 9)
	d.pdf.MultiCell(0, lineH, d.tr(body), "", "L", false)
	d.pdf.Ln(1.5)
}

// keep starts a new page when less than h is left on this one, so a
// heading is not left alone at the foot of a page.
func (d *Doc) keep(h float64) {
	_, pageH := d.pdf.GetPageSize()
	_, _, _, bottom := d.pdf.GetMargins()
	if d.pdf.GetY()+h > pageH-bottom {
		d.pdf.AddPage()
	}
}

// Package pdfdoc writes the printable documents Socius hands out (the
// dispensation register, a member's data export): a title, a few lines about
// the document, sections of label and value, and tables that repeat their
// header on every page. Text is UTF-8 in, Windows-1252 in the PDF (the core
// fonts' encoding), which covers the seven languages' letters and the euro.
package pdfdoc

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Column is one column of a table: its header, its share of the page's
// width (any unit: the shares are scaled to fit) and whether it is a number
// (right-aligned).
type Column struct {
	Header string
	Width  float64
	Number bool
}

// Doc is a document being written.
type Doc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

const lineH = 5.0

// New starts a document. landscape suits wide tables; footer is printed at
// the foot of every page beside the page number (the club and the date the
// document was made, so a loose page still says where it comes from).
func New(title string, landscape bool, footer string) *Doc {
	orientation := "P"
	if landscape {
		orientation = "L"
	}
	p := fpdf.New(orientation, "mm", "A4", "")
	d := &Doc{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("")}
	p.SetTitle(title, true)
	p.SetCreator("Socius", true)
	p.SetMargins(12, 12, 12)
	p.SetAutoPageBreak(true, 14)
	p.AliasNbPages("{nb}")
	p.SetFooterFunc(func() {
		p.SetY(-10)
		p.SetFont("Helvetica", "", 7)
		p.SetTextColor(110, 110, 110)
		p.CellFormat(0, 4, d.tr(footer), "", 0, "L", false, 0, "")
		p.CellFormat(0, 4, fmt.Sprintf("%d / {nb}", p.PageNo()), "", 0, "R", false, 0, "")
		p.SetTextColor(0, 0, 0)
	})
	p.AddPage()
	p.SetFont("Helvetica", "B", 15)
	p.MultiCell(0, 7, d.tr(title), "", "L", false)
	p.Ln(1)
	return d
}

// Line writes a line of plain text.
func (d *Doc) Line(text string) {
	d.pdf.SetFont("Helvetica", "", 9)
	d.pdf.MultiCell(0, lineH, d.tr(text), "", "L", false)
}

// Heading starts a section.
func (d *Doc) Heading(text string) {
	d.keep(6 + 4*lineH)
	d.pdf.Ln(3)
	d.pdf.SetFont("Helvetica", "B", 11)
	d.pdf.MultiCell(0, 6, d.tr(text), "B", "L", false)
	d.pdf.Ln(1)
}

// Fields writes label: value pairs, one per line.
func (d *Doc) Fields(pairs [][2]string) {
	w, _ := d.pdf.GetPageSize()
	left, _, right, _ := d.pdf.GetMargins()
	labelW := (w - left - right) * 0.32
	for _, kv := range pairs {
		d.pdf.SetFont("Helvetica", "B", 9)
		d.pdf.CellFormat(labelW, lineH, d.tr(kv[0]), "", 0, "L", false, 0, "")
		d.pdf.SetFont("Helvetica", "", 9)
		d.pdf.MultiCell(0, lineH, d.tr(kv[1]), "", "L", false)
	}
}

// Table writes rows under the columns' headers; a row in bold (a total) is
// one whose index is in bold.
func (d *Doc) Table(cols []Column, rows [][]string, bold map[int]bool) {
	w, _ := d.pdf.GetPageSize()
	left, _, right, _ := d.pdf.GetMargins()
	var sum float64
	for _, c := range cols {
		sum += c.Width
	}
	widths := make([]float64, len(cols))
	for i, c := range cols {
		widths[i] = c.Width / sum * (w - left - right)
	}
	header := func() {
		d.pdf.SetFont("Helvetica", "B", 8)
		d.pdf.SetFillColor(235, 238, 235)
		for i, c := range cols {
			align := "L"
			if c.Number {
				align = "R"
			}
			d.pdf.CellFormat(widths[i], 6, d.fit(c.Header, widths[i]), "B", 0, align, true, 0, "")
		}
		d.pdf.Ln(-1)
	}
	d.keep(6 + lineH) // never a header alone at a page's foot
	header()
	_, pageH := d.pdf.GetPageSize()
	_, _, _, bottom := d.pdf.GetMargins()
	for r, row := range rows {
		if d.pdf.GetY()+lineH > pageH-bottom {
			d.pdf.AddPage()
			header()
		}
		style := ""
		if bold[r] {
			style = "B"
		}
		d.pdf.SetFont("Helvetica", style, 8)
		for i := range cols {
			cell := ""
			if i < len(row) {
				cell = row[i]
			}
			align := "L"
			if cols[i].Number {
				align = "R"
			}
			d.pdf.CellFormat(widths[i], lineH, d.fit(cell, widths[i]), "", 0, align, false, 0, "")
		}
		d.pdf.Ln(-1)
	}
}

// fit shortens text that would not fit its cell, ending it with an ellipsis.
func (d *Doc) fit(text string, width float64) string {
	s := d.tr(text)
	if d.pdf.GetStringWidth(s) <= width-1.5 {
		return s
	}
	r := []rune(text)
	for len(r) > 0 {
		r = r[:len(r)-1]
		s = d.tr(string(r) + "…")
		if d.pdf.GetStringWidth(s) <= width-1.5 {
			return s
		}
	}
	return ""
}

// Bytes closes the document and returns it.
func (d *Doc) Bytes() ([]byte, error) {
	var b bytes.Buffer
	if err := d.pdf.Output(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

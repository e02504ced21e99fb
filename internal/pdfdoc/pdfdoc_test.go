package pdfdoc

import (
	"bytes"
	"strings"
	"testing"
)

func TestDocument(t *testing.T) {
	d := New("Registro de dispensaciones — Club Ñandú", true, "Club Ñandú · 26/11/2026")
	d.Line("Del 01/11/2026 al 30/11/2026")
	d.Heading("Socio")
	d.Fields([][2]string{{"Nombre", "José Müller"}, {"Año de nacimiento", "1990"}})
	rows := make([][]string, 0, 120)
	for range 120 {
		rows = append(rows, []string{"26/11/2026", "Amnesia Haze con un nombre muy largo que no cabe en su celda", "2,000"})
	}
	d.Table([]Column{{Header: "Fecha", Width: 2}, {Header: "Producto", Width: 3}, {Header: "Gramos", Width: 1, Number: true}}, rows, map[int]bool{119: true})
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", b[:8])
	}
	// 120 rows do not fit one landscape page: the table went on to more pages.
	if n := strings.Count(string(b), "/Type /Page\n"); n < 2 {
		t.Fatalf("pages = %d, want the table to run over several", n)
	}
}

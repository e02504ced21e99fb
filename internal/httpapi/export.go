package httpapi

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

type downloadOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

// download writes a table as name.xlsx (numbers stay numbers) or as a UTF-8
// name.csv with a byte-order mark (so Excel reads the accents), ';'-separated
// as Excel expects in Spanish locales, with a header row.
func download(format, name, sheet string, header []string, rows [][]any) (*downloadOutput, error) {
	out := &downloadOutput{CacheControl: "no-store"}
	if format == "csv" {
		var buf bytes.Buffer
		buf.WriteString("\ufeff")
		w := csv.NewWriter(&buf)
		w.Comma = ';'
		_ = w.Write(header)
		for _, r := range rows {
			rec := make([]string, len(r))
			for i, v := range r {
				if f, ok := v.(float64); ok {
					// a decimal comma, as Excel reads a ';'-separated file in Spanish locales
					rec[i] = strings.Replace(strconv.FormatFloat(f, 'f', -1, 64), ".", ",", 1)
					continue
				}
				rec[i] = fmt.Sprint(v)
			}
			_ = w.Write(rec)
		}
		w.Flush()
		out.ContentType, out.ContentDisposition = "text/csv; charset=utf-8", `attachment; filename="`+name+`.csv"`
		out.Body = buf.Bytes()
		return out, w.Error()
	}
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetSheetName("Sheet1", sheet)
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	head := make([]any, len(header))
	for i, h := range header {
		head[i] = h
	}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, err
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, r); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, err
	}
	out.ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	out.ContentDisposition = `attachment; filename="` + name + `.xlsx"`
	out.Body = buf.Bytes()
	return out, nil
}

// yes is how exports write a flag.
func yes(b bool) string {
	if b {
		return "Sí"
	}
	return "No"
}

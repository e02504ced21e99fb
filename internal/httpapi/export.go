package httpapi

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"regexp"
	"socius/internal/locale"
	"strconv"
	"strings"
	"time"

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
// with a decimal comma as Excel expects in Spanish and German locales, with a
// header row. The sheet's name and the header (Spanish, marked with
// locale.Words) are written in the request's language. Every text cell goes
// through safeCell, so no export can carry a formula.
func download(ctx context.Context, format, name, sheet string, header []string, rows [][]any) (*downloadOutput, error) {
	return downloadTitled(ctx, format, name, sheet, nil, header, rows)
}

// downloadTitled is download with rows above the header (a title, the
// period), made as safe as the rest.
func downloadTitled(ctx context.Context, format, name, sheet string, title [][]any, header []string, rows [][]any) (*downloadOutput, error) {
	lang := locale.From(ctx)
	sheet, header = locale.Text(lang, sheet), locale.TextsIn(lang, header)
	out := &downloadOutput{CacheControl: "no-store"}
	all := make([][]any, 0, len(title)+1+len(rows))
	all = append(all, title...)
	all = append(all, make([]any, len(header)))
	for i, h := range header {
		all[len(title)][i] = h
	}
	all = append(all, rows...)
	for i, r := range all {
		safe := make([]any, len(r))
		for j, v := range r {
			safe[j] = cellValue(v)
		}
		all[i] = safe
	}
	if format == "csv" {
		var buf bytes.Buffer
		buf.WriteString("\ufeff")
		w := csv.NewWriter(&buf)
		w.Comma = ';'
		for _, r := range all {
			rec := make([]string, len(r))
			for i, v := range r {
				switch v := v.(type) {
				case nil:
				case float64:
					// a decimal comma, as Excel reads a ';'-separated file in Spanish locales
					rec[i] = strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), ".", ",", 1)
				default:
					rec[i] = fmt.Sprint(v) // numbers; text was made safe above
				}
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
	for i, r := range all {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
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

// yes is how exports write a flag, in the request's language.
func yes(ctx context.Context, b bool) string {
	if b {
		return tr(ctx, "Sí")
	}
	return tr(ctx, "No")
}

// tr is a Spanish text of an export or a document in the request's language.
func tr(ctx context.Context, es string) string { return locale.T(ctx, es) }

// passOn is tr of a text a domain package wrote and marked with locale.Words.
func passOn(ctx context.Context, es string) string { return locale.T(ctx, es) }

// decimalText is a figure written with a point ("1.5") in the request's
// notation: a decimal comma in every language but English.
func decimalText(ctx context.Context, figure string) string {
	return locale.Decimal(locale.From(ctx), figure)
}

// localDate is a calendar day as the request's language writes it.
func localDate(ctx context.Context, t int64, loc *time.Location) string {
	if t == 0 {
		return ""
	}
	return time.Unix(t, 0).In(loc).Format(locale.DateLayout(locale.From(ctx)))
}

// cellValue keeps numbers, flags, times and empty cells as they are and turns
// anything else into safe text.
func cellValue(v any) any {
	switch v := v.(type) {
	case nil, bool, time.Time, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64:
		return v
	case string:
		return safeCell(v)
	default:
		return safeCell(fmt.Sprint(v))
	}
}

// plainNumber is text a spreadsheet reads as a number and never as a formula.
var plainNumber = regexp.MustCompile(`^[+-]?[0-9]+([.,][0-9]+)?$`)

// safeCell neutralises text a spreadsheet would run as a formula (OWASP's
// CSV injection rule): a leading =, +, -, @, tab or carriage return gets a
// single quote before it, so the cell is shown as the text it is.
func safeCell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || plainNumber.MatchString(s) {
		return s
	}
	return "'" + s
}

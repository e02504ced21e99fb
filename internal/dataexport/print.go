package dataexport

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"socius/internal/amount"
	"socius/internal/locale"
	"socius/internal/member"
	"socius/internal/pdfdoc"
	pd "socius/internal/personaldata"
)

// printed is the export as a PDF a person reads: a heading per section, its
// fields, tables and messages, in the reader's language and the club's time
// zone.
func printed(r Request, m *member.Member, staff string, at time.Time, sections []pd.Section) ([]byte, error) {
	p := printer{lang: Language(r.Lang), zone: r.Zone}
	if p.zone == nil {
		p.zone = time.UTC
	}
	when := p.value(pd.Time(at.Unix()))
	doc := pdfdoc.New(fmt.Sprintf(p.word("title"), m.Number, m.FullName()), false, r.ClubName+" · "+when)
	doc.Line(r.ClubName)
	doc.Line(fmt.Sprintf(p.word("generated"), when, staff))
	doc.Line(p.word("intro"))
	for _, sec := range sections {
		doc.Heading(p.word("section." + sec.Key))
		if len(sec.Fields) == 0 && len(sec.Tables) == 0 && len(sec.Texts) == 0 {
			doc.Line(p.word("empty"))
			continue
		}
		if len(sec.Fields) > 0 {
			pairs := make([][2]string, len(sec.Fields))
			for i, f := range sec.Fields {
				pairs[i] = [2]string{p.word(f.Label), p.value(f.Value)}
			}
			doc.Fields(pairs)
		}
		for _, t := range sec.Tables {
			if t.Title != "" {
				doc.Subheading(p.word(t.Title))
			}
			if len(t.Rows) == 0 {
				doc.Line(p.word("empty"))
				continue
			}
			cols := make([]pdfdoc.Column, len(t.Columns))
			for i, c := range t.Columns {
				cols[i] = pdfdoc.Column{Header: p.word(c.Label), Width: c.Width, Number: c.Number}
			}
			rows := make([][]string, len(t.Rows))
			for i, row := range t.Rows {
				rows[i] = make([]string, len(row))
				for j, v := range row {
					rows[i][j] = p.value(v)
				}
			}
			doc.Table(cols, rows, nil)
		}
		for _, t := range sec.Texts {
			about := make([]string, 0, len(t.About))
			for _, v := range t.About {
				if s := p.value(v); s != "" {
					about = append(about, s)
				}
			}
			doc.Text(strings.Join(about, " · "), t.Body)
		}
	}
	return doc.Bytes()
}

// printer formats the values of a section for one reader.
type printer struct {
	lang string
	zone *time.Location
}

func (p printer) word(key string) string { return word(p.lang, key) }

func (p printer) value(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		if v {
			return p.word("yes")
		}
		return p.word("no")
	case amount.Cents:
		sign, c := "", int64(v)
		if c < 0 {
			sign, c = "-", -c
		}
		return p.decimal(fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)) + " €"
	case amount.Milli:
		return p.decimal(v.String())
	case pd.Time:
		if v == 0 {
			return ""
		}
		return time.Unix(int64(v), 0).In(p.zone).Format(locale.DateTimeLayout(locale.Lang(p.lang)))
	case pd.Date:
		if v == 0 {
			return ""
		}
		return time.Unix(int64(v), 0).In(p.zone).Format(locale.DateLayout(locale.Lang(p.lang)))
	case pd.Day:
		if d, err := time.Parse(time.DateOnly, string(v)); err == nil {
			return d.Format(locale.DateLayout(locale.Lang(p.lang)))
		}
		return string(v)
	case pd.Term:
		return p.word(string(v))
	}
	return fmt.Sprint(v)
}

// decimal writes a figure with the reader's decimal mark.
func (p printer) decimal(s string) string { return locale.Decimal(locale.Lang(p.lang), s) }

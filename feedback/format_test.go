package feedback

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func TestParseTemplateErrors(t *testing.T) {
	for _, src := range []string{
		"{", "x {rank", "}", "a } b", "{}", "{0}", "{rank!r}", "{rank.x}", "{rank[0]}",
		"{ rank}", "{nope}", "{rank:d}", "{rank:.2}", "{rank:2f}", "{rank:.f}", "{rank:.101f}",
		"{rank:{score}}", "{score:.-1f}",
	} {
		_, err := parseTemplate(src)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("parseTemplate(%q) = %v, want a *FormatError", src, err)
		}
	}
}

func TestTemplateRender(t *testing.T) {
	var a argSet
	a.setInt(slotRank, 3)
	a.setFloat(slotScore, 0.0625)
	a.setFloat(slotDeficit, 0.675)
	a.setFloat(slotScorePct, 80.5)
	a.setFloat(slotConfidence, 2026)
	a.setFloat(slotDeficitPct, 1e16)
	a.setString(slotPath, "/a/{b}")
	v := jsonval.NewFloat(1.5e-7)
	a.setValue(slotGold, &v, ProfileReference)
	for _, c := range []struct{ src, want string }{
		{"{{{rank}}}", "{3}"},
		{"}}{{", "}{"},
		{"{rank:.2f}", "3.00"},
		{"{score:.3f} {deficit:.2f} {score_pct:.0f}", "0.062 0.68 80"},
		{"{score} {confidence} {deficit_pct}", "0.0625 2026.0 1e+16"},
		{"{score:}", "0.0625"},
		{"{path}", "/a/{b}"},
		{"{gold}", "1.5e-07"},
		{"", ""},
		{"héllo {rank}€", "héllo 3€"},
	} {
		ct, err := parseTemplate(c.src)
		if err != nil {
			t.Errorf("parseTemplate(%q): %v", c.src, err)
			continue
		}
		if got := ct.renderString(&a); got != c.want {
			t.Errorf("render(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}

func TestAppendFixed(t *testing.T) {
	for _, c := range []struct {
		x    float64
		prec int
		want string
	}{
		{0.0625, 3, "0.062"},
		{0.675, 2, "0.68"},
		{80.5, 0, "80"},
		{81.5, 0, "82"},
		{0.125, 2, "0.12"},
		{2.5, 0, "2"},
		{-0.001, 2, "-0.00"},
		{math.Copysign(0, -1), 1, "-0.0"},
		{math.NaN(), 2, "nan"},
		{math.Inf(1), 2, "inf"},
		{math.Inf(-1), 0, "-inf"},
		{1e22, 1, "10000000000000000000000.0"},
	} {
		if got := string(appendFixed(nil, c.x, c.prec)); got != c.want {
			t.Errorf("format(%v, '.%df') = %q, want %q", c.x, c.prec, got, c.want)
		}
	}
}

func TestPyFloatRepr(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0.5, "0.5"}, {2026, "2026.0"}, {1e16, "1e+16"}, {1e-5, "1e-05"}, {0.0001, "0.0001"},
		{math.NaN(), "nan"}, {math.Inf(-1), "-inf"}, {math.Copysign(0, -1), "-0.0"},
	} {
		if got := pyFloatRepr(c.x); got != c.want {
			t.Errorf("pyFloatRepr(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestLastPointerToken(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"/", ""}, {"/a", "a"}, {"/a/b", "b"}, {"/x/a~1b", "a/b"}, {"/x~0y", "x~y"}, {"/~01", "~1"}, {"/0", "0"},
	} {
		if got := lastPointerToken(c.in); got != c.want {
			t.Errorf("lastPointerToken(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestIsPyBlank(t *testing.T) {
	for s, want := range map[string]bool{"": true, " \t\n\r\v\f": true, "\u00a0\u2003\u3000\x1c": true, " x ": false, "\u200b": false} {
		if got := isPyBlank(s); got != want {
			t.Errorf("isPyBlank(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestFmtValueCutMultibyte(t *testing.T) {
	// 80 code points exactly stay whole; the cut counts code points, not bytes.
	s := strings.Repeat("😀", 78)
	if got := FmtValue(jsonval.NewString(s), ProfileReference); got != "'"+s+"'" {
		t.Errorf("80 code points were cut: %q", got)
	}
	s += "😀"
	if got, want := FmtValue(jsonval.NewString(s), ProfileReference), "'"+strings.Repeat("😀", 78)+"…"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
}

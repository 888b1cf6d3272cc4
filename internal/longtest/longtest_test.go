package longtest

import (
	"flag"
	"testing"
)

// setShort sets the -short flag for the rest of the test.
func setShort(t *testing.T, on bool) {
	t.Helper()
	old := flag.Lookup("test.short").Value.String()
	v := "false"
	if on {
		v = "true"
	}
	if err := flag.Set("test.short", v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { flag.Set("test.short", old) })
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		env   string
		short bool
		want  int
	}{
		{"", false, 10},
		{"", true, 1},
		{"0", false, 10},
		{"true", false, 10}, // only "1" turns it on
		{"1", false, 100},
		{"1", true, 1}, // -short wins
	} {
		t.Setenv(EnvVar, tc.env)
		setShort(t, tc.short)
		if got := Count(1, 10, 100); got != tc.want {
			t.Errorf("%s=%q short=%v: Count = %d, want %d", EnvVar, tc.env, tc.short, got, tc.want)
		}
		if got, want := Enabled(), tc.want == 100; got != want {
			t.Errorf("%s=%q short=%v: Enabled = %v, want %v", EnvVar, tc.env, tc.short, got, want)
		}
	}
}

func TestSkip(t *testing.T) {
	t.Setenv(EnvVar, "")
	setShort(t, false)
	ran := false
	t.Run("off", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if ran {
		t.Error("Skip did not skip with the switch off")
	}
	t.Setenv(EnvVar, "1")
	t.Run("on", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if !ran {
		t.Error("Skip skipped with the switch on")
	}
}

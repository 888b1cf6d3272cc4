"""Build the oagen platform wheel: the Python package plus the oagen binary.

Standard library only. Run it from anywhere:

    python3 python/build_wheel.py [--goos linux --goarch amd64] [-o DIR]

It cross-compiles ../cmd/oagen with CGO_ENABLED=0 (a static binary, so one
wheel serves every Linux distribution of an architecture), places it at
oagen/_bin/oagen inside the wheel, and writes a wheel tagged for that
platform (py3-none-<platform>) with METADATA, WHEEL and RECORD. Without
--goos/--goarch it builds for the host.

The module is also a PEP 517 build backend (pyproject.toml names it), so
``pip wheel --no-index python/`` and ``pip install --no-index python/`` work
too, with Go installed. It builds wheels only, not source distributions:
the package is useless without the Go sources of the repository around it.
"""

import argparse
import base64
import hashlib
import io
import os
import platform
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

#: Wheel platform tags of each GOOS/GOARCH. A CGO_ENABLED=0 binary needs no
#: C library, so the Linux wheels claim both glibc and musl systems.
PLATFORMS = {
    ("linux", "amd64"): "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64",
    ("linux", "arm64"): "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",
    ("darwin", "amd64"): "macosx_10_12_x86_64",
    ("darwin", "arm64"): "macosx_11_0_arm64",
    ("windows", "amd64"): "win_amd64",
    ("windows", "arm64"): "win_arm64",
}


def host_target():
    """The GOOS and GOARCH of this machine."""
    goos = {"Linux": "linux", "Darwin": "darwin", "Windows": "windows"}.get(platform.system())
    machine = platform.machine().lower()
    goarch = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}.get(machine)
    if goos is None or goarch is None:
        sys.exit(f"build_wheel: no wheel platform for {platform.system()}/{platform.machine()}; pass --goos and --goarch")
    return goos, goarch


def project_metadata():
    """name, version, description and requires-python of pyproject.toml."""
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib

        return tomllib.loads(text)["project"]
    except ImportError:  # Python < 3.11: the simple key = "value" lines
        section = text.split("[project]", 1)[1].split("\n[", 1)[0]
        return dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"', section, re.M))


def build_binary(goos, goarch, out):
    """Cross-compile the oagen command into out."""
    env = dict(os.environ, CGO_ENABLED="0", GOOS=goos, GOARCH=goarch)
    subprocess.run(
        ["go", "build", "-trimpath", "-ldflags=-s -w", "-o", str(out), "./cmd/oagen"],
        cwd=REPO, env=env, check=True,
    )


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def build(out_dir, goos=None, goarch=None):
    """Build the wheel into out_dir and return its file name."""
    if goos is None or goarch is None:
        goos, goarch = host_target()
    plat = PLATFORMS.get((goos, goarch))
    if plat is None:
        sys.exit(f"build_wheel: no wheel platform tag for {goos}/{goarch}")
    meta = project_metadata()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    exe = "oagen.exe" if goos == "windows" else "oagen"

    files = []  # (archive name, data, executable)
    for path in sorted((HERE / "src" / "oagen").rglob("*.py")):
        rel = path.relative_to(HERE / "src").as_posix()
        files.append((rel, path.read_bytes(), False))
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / exe
        build_binary(goos, goarch, binary)
        files.append((f"oagen/_bin/{exe}", binary.read_bytes(), True))

    readme = (HERE / "README.md").read_text(encoding="utf-8")
    metadata = "".join([
        "Metadata-Version: 2.1\n",
        f"Name: {name}\n",
        f"Version: {version}\n",
        f"Summary: {meta.get('description', '')}\n",
        f"Requires-Python: {meta.get('requires-python', '>=3.9')}\n",
        "Description-Content-Type: text/markdown\n",
        "\n",
        readme,
    ])
    tags = [f"py3-none-{p}" for p in plat.split(".")]
    wheel = "Wheel-Version: 1.0\nGenerator: oagen build_wheel.py\nRoot-Is-Purelib: false\n"
    wheel += "".join(f"Tag: {t}\n" for t in tags)
    files.append((f"{dist_info}/METADATA", metadata.encode("utf-8"), False))
    files.append((f"{dist_info}/WHEEL", wheel.encode("utf-8"), False))

    record = io.StringIO()
    for arc, data, _ in files:
        record.write(f"{arc},{record_hash(data)},{len(data)}\n")
    record.write(f"{dist_info}/RECORD,,\n")
    files.append((f"{dist_info}/RECORD", record.getvalue().encode("utf-8"), False))

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    filename = f"{name}-{version}-py3-none-{plat}.whl"
    # Fixed timestamps: the same sources give the same wheel bytes.
    stamp = (1980, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(out_dir / filename, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data, executable in files:
            info = zipfile.ZipInfo(arc, stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            zf.writestr(info, data)
    return filename


# PEP 517 hooks.


def get_requires_for_build_wheel(config_settings=None):
    """No Python requirements: the standard library and Go suffice."""
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """PEP 517: build the host's platform wheel into wheel_directory."""
    return build(wheel_directory)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--goos", help="target operating system (default: the host's)")
    ap.add_argument("--goarch", help="target architecture (default: the host's)")
    ap.add_argument("-o", "--out", default=str(HERE / "dist"), help="output directory (default: python/dist)")
    args = ap.parse_args()
    if (args.goos is None) != (args.goarch is None):
        ap.error("give both --goos and --goarch, or neither")
    print(Path(args.out) / build(args.out, args.goos, args.goarch))


if __name__ == "__main__":
    main()

"""Shared test data: the paper's org chart and variants of it."""

import json
import os
import subprocess
from pathlib import Path

import oagen

REPO = Path(__file__).resolve().parents[2]
ORG = REPO / "examples" / "orgchart"
SCHEMA = ORG / "schema.json"


def load(name):
    return json.loads((ORG / name).read_text())


def variants(k):
    """k distinct (gold, candidate) pairs of the org chart's size."""
    gold, cand = load("gold.json"), load("candidate.json")
    out = []
    for i in range(k):
        g = json.loads(json.dumps(gold))
        c = json.loads(json.dumps(cand))
        g["people"][2]["name"] = f"Carol{i % 5}"
        g["agenda"][1] = f"reviews {i % 7}"
        g["period"][1] = 2025 + i % 3
        c["people"][3]["name"] = f"Carol{i % 3}"
        c["agenda"][0] = f"reviews {i % 4}"
        c["period"][1] = 2026 + i % 2
        out.append((g, c))
    return out


def cli_json(gold, cand, tmpdir, *extra):
    """What ``oagen score -json -feedback`` prints for a pair, decoded."""
    gf, cf = os.path.join(tmpdir, "g.json"), os.path.join(tmpdir, "c.json")
    with open(gf, "w") as f:
        json.dump(gold, f)
    with open(cf, "w") as f:
        json.dump(cand, f)
    out = subprocess.run(
        [oagen.find_binary(), "score", "-schema", str(SCHEMA), "-json", "-feedback", *extra, gf, cf],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)

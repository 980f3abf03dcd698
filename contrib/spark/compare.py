#!/usr/bin/env python3
"""Compares the Spark job's Parquet output with `xpgn stats` run locally.

    python compare.py XPGN OUTPUT [--unreadable INPUT]... INPUT...

Runs `xpgn stats --format jsonl` on the inputs (one process, the local
reading), then checks, row by row after sorting by (file, game), that
OUTPUT/games holds exactly those rows, and that every column has the type
the schema gives (integers int64, booleans bool, text string; nulls as
nulls). Checks the variants and codes tables against the same rows and
the summary line, and that the inputs table names as unreadable exactly
the inputs given with --unreadable. Prints counts; exits 1 on the first
difference.
"""

import json
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from xpgn_spark import GAME_COLUMNS  # noqa: E402

ARROW = {"LongType()": pa.int64(), "StringType()": pa.string(), "BooleanType()": pa.bool_()}


def fail(msg):
    print(f"compare: {msg}", file=sys.stderr)
    sys.exit(1)


def main():
    xpgn, out, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    unreadable, inputs = set(), []
    while rest:
        if rest[0] == "--unreadable":
            unreadable.add(rest[1])
            rest = rest[2:]
        else:
            inputs.append(rest.pop(0))
    proc = subprocess.run(
        [xpgn, "stats", "--quiet", "--format", "jsonl", *inputs],
        capture_output=True,
        check=False,
    )
    local, summary = [], None
    for line in proc.stdout.splitlines():
        obj = json.loads(line)
        kind = obj.pop("type")
        obj.pop("schema")
        if kind == "game":
            local.append(obj)
        else:
            summary = obj
    if summary is None:
        fail(f"xpgn stats wrote no summary (status {proc.returncode})")

    table = pq.read_table(f"{out}/games")
    want = pa.schema([pa.field(n, ARROW[repr(t)]) for n, t in GAME_COLUMNS])
    got = pa.schema([table.schema.field(n) for n in table.schema.names])
    if [(f.name, f.type) for f in got] != [(f.name, f.type) for f in want]:
        fail(f"games schema differs:\n{got}\nwanted\n{want}")
    spark_rows = table.to_pylist()
    key = lambda r: (r["file"], r["game"])
    local.sort(key=key)
    spark_rows.sort(key=key)
    if len(local) != len(spark_rows):
        fail(f"{len(spark_rows)} rows from Spark, {len(local)} from xpgn stats")
    for a, b in zip(local, spark_rows):
        if a != b:
            diff = {k: (a.get(k), b.get(k)) for k in a if a.get(k) != b.get(k)}
            fail(f"row {key(a)} differs (local, spark): {diff}")
        for k, v in a.items():
            if v is not None and type(v) is not type(b[k]):
                fail(f"row {key(a)} column {k}: {type(b[k])} for {type(v)}")

    variants = {r["variant"]: r for r in pq.read_table(f"{out}/variants").to_pylist()}
    totals = {}
    for r in local:
        t = totals.setdefault(r["variant"], {"games": 0, "moves": 0, "errors": 0})
        t["games"] += 1
        t["moves"] += r["plies"] if r["skipped"] is None and r["plies"] is not None else 0
        t["errors"] += r["errors"]
    for name, t in totals.items():
        v = variants.get(name)
        if v is None or (v["games"], v["moves"], v["errors"]) != (t["games"], t["moves"], t["errors"]):
            fail(f"variant {name}: {v} for {t}")
    codes = {r["code"]: r["count"] for r in pq.read_table(f"{out}/codes").to_pylist()}
    if codes != summary["codes"]:
        fail(f"codes {codes} for {summary['codes']}")
    if sum(t["moves"] for t in totals.values()) != summary["moves"]:
        fail("moves differ from the summary line")
    named = {r["input"] for r in pq.read_table(f"{out}/inputs").to_pylist() if r["error"]}
    if named != unreadable:
        fail(f"unreadable inputs {sorted(named)}, wanted {sorted(unreadable)}")
    print(json.dumps({"rows": len(local), "variants": len(totals), "codes": len(codes)}))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Per-game statistics of PGN archives with xpgn inside Spark executors.

    spark-submit --files xpgn contrib/spark/xpgn_spark.py \
        --output s3://bucket/out 's3://bucket/lichess/*.pgn.zst' hdfs:///pgn/big.pgn

Each input file is one task, or, when it is a plain file larger than
--range-size, one task per byte range: `xpgn stats --range START:END`
reads the games that begin in the range (the cut at game boundaries is
xpgn's own, the rule its parallel reader uses; docs/parallel.md). When
xpgn says a cut fell inside a game (`range end: no game begins at byte N`),
the job runs that range and the next as one, as the docs ask, until no
such cut is left. Game numbers are made file-wide again, so the `games`
table is what `xpgn stats --format jsonl` gives for the whole file.

Output (Parquet datasets under --output):
  games/     one row per game, the columns of `xpgn stats` with their types
  variants/  games, moves (mainline plies) and errors per variant
  codes/     diagnostics per code (every severity)
  inputs/    one row per input: games, tasks, and why it could not be read
             (a failing file is recorded here, never fatal to the job)

See contrib/spark/README.md.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import urlparse

from pyspark.sql import SparkSession, Row
from pyspark.sql import functions as F
from pyspark.sql.types import (
    BooleanType,
    LongType,
    StringType,
    StructField,
    StructType,
)

# The `game` objects of `xpgn stats --format jsonl`, schema 1
# (docs/formats.md), in column order.
SCHEMA_VERSION = 1
GAME_COLUMNS = [
    ("file", StringType()),
    ("game", LongType()),
    ("variant", StringType()),
    ("event", StringType()),
    ("site", StringType()),
    ("date", StringType()),
    ("round", StringType()),
    ("white", StringType()),
    ("black", StringType()),
    ("result", StringType()),
    ("plies", LongType()),
    ("result_played", StringType()),
    ("termination", StringType()),
    ("valid", BooleanType()),
    ("errors", LongType()),
    ("warnings", LongType()),
    ("first_error", StringType()),
    ("skipped", StringType()),
    ("captures", LongType()),
    ("checks", LongType()),
    ("promotions", LongType()),
    ("castlings", LongType()),
    ("square_placements", LongType()),
    ("square_moves", LongType()),
    ("passes", LongType()),
    ("points_white", LongType()),
    ("points_black", LongType()),
]
GAME_SCHEMA = StructType([StructField(n, t, True) for n, t in GAME_COLUMNS])
# Rows as tasks emit them: the game's columns, where it was read, and, on
# one row per task with every game column null, the task's status (JSON).
TASK_ROW_SCHEMA = StructType(
    GAME_SCHEMA.fields
    + [
        StructField("_range_start", LongType(), True),
        StructField("_round", LongType(), True),
        StructField("_status", StringType(), True),
    ]
)

# Names a directory search takes, as xpgn's own (docs: .pgn and .txt,
# compressed or not).
COMPRESSED = (".gz", ".bz2", ".zst")
PLAIN = (".pgn", ".txt")
RANGE_END = "range end: no game begins at byte"


def human_size(text):
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    t = text.strip().lower().rstrip("ib")
    if t and t[-1] in units:
        return int(float(t[:-1]) * units[t[-1]])
    return int(t)


def searched(name):
    base = name
    for ext in COMPRESSED:
        if base.endswith(ext):
            base = base[: -len(ext)]
            break
    return base.endswith(PLAIN)


def is_plain(name):
    return not name.endswith(COMPRESSED)


def list_inputs(spark, patterns):
    """(name, uri, size) of every input, and (name, why) of those that
    cannot be listed. Globs and directories go through Hadoop's file
    systems, so local, HDFS and S3 paths all work."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    found, missing = [], []
    for pattern in patterns:
        local = urlparse(pattern).scheme in ("", "file")
        path = jvm.org.apache.hadoop.fs.Path(pattern)
        try:
            fs = path.getFileSystem(conf)
            statuses = fs.globStatus(path)
        except Exception as e:  # a file system Spark cannot reach
            missing.append((pattern, f"cannot list: {e}"))
            continue
        if not statuses:
            missing.append((pattern, "no such file or directory"))
            continue
        for st in statuses:
            if st.isDirectory():
                it = fs.listFiles(st.getPath(), True)
                entries = []
                while it.hasNext():
                    f = it.next()
                    if searched(f.getPath().getName()):
                        entries.append(f)
            else:
                entries = [st]
            for f in sorted(entries, key=lambda s: s.getPath().toString()):
                uri = f.getPath().toString()
                name = urlparse(uri).path if local else uri
                found.append((name, uri, f.getLen()))
    return found, missing


def plan(found, range_size):
    """Tasks: (name, uri, start, end); end None = the whole file."""
    tasks = []
    for name, uri, size in found:
        if is_plain(name) and size > range_size:
            cuts = list(range(0, size, range_size)) + [size]
            for a, b in zip(cuts, cuts[1:]):
                tasks.append((name, uri, a, b))
        else:
            tasks.append((name, uri, 0, None))
    return tasks


_staged = {}


def local_path(uri, stage):
    """A path xpgn can open for `uri`: the file itself when it is local,
    else a copy in the executor's scratch directory (pyarrow's file
    systems: HDFS, S3, GCS...), made once per executor process."""
    parsed = urlparse(uri)
    if parsed.scheme in ("", "file") and stage != "always":
        return parsed.path
    if uri in _staged and os.path.exists(_staged[uri]):
        return _staged[uri]
    from pyarrow import fs as pafs

    filesystem, path = pafs.FileSystem.from_uri(uri)
    scratch = tempfile.mkdtemp(prefix="xpgn-stage-")
    target = os.path.join(scratch, os.path.basename(path))
    # As stored: xpgn decompresses (and reports a broken stream) itself.
    with filesystem.open_input_stream(path, compression=None) as src, open(target, "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    _staged[uri] = target
    return target


def arrow_schemas():
    """The Arrow forms of the schemas (pyarrow is imported on executors)."""
    import pyarrow as pa

    kinds = {"LongType()": pa.int64(), "StringType()": pa.string(), "BooleanType()": pa.bool_()}
    game = [pa.field(n, kinds[repr(t)]) for n, t in GAME_COLUMNS]
    parse = pa.schema([pa.field("type", pa.string())] + game)
    out = pa.schema(
        game
        + [
            pa.field("_range_start", pa.int64()),
            pa.field("_round", pa.int64()),
            pa.field("_status", pa.string()),
        ]
    )
    return parse, out


def run_task(task, xpgn, stage, round_no):
    """Runs xpgn on one task. Yields Arrow record batches of
    TASK_ROW_SCHEMA: its games, then one row with its status. xpgn's JSON
    Lines are parsed by Arrow's reader, not row by row in Python."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.json as pj

    name, uri, start, end = task
    parse_schema, out_schema = arrow_schemas()
    status = {
        "file": name,
        "start": start,
        "end": end,
        "round": round_no,
        "games": 0,
        "moves": 0,
        "errors": 0,
        "codes": {},
        "merge": False,
        "error": None,
    }

    def status_batch():
        cols = [pa.nulls(1, f.type) for f in out_schema][: len(GAME_COLUMNS)]
        cols += [pa.array([start], pa.int64()), pa.array([round_no], pa.int64())]
        cols.append(pa.array([json.dumps(status)], pa.string()))
        return pa.RecordBatch.from_arrays(cols, schema=out_schema)

    try:
        path = local_path(uri, stage)
    except Exception as e:
        status["error"] = f"cannot read: {e}"
        yield status_batch()
        return
    cmd = [xpgn, "stats", "--quiet", "--format", "jsonl", "-j", "1"]
    if end is not None:
        cmd += ["--range", f"{start}:{end}"]
    cmd.append(path)
    # Rows and diagnostics go to files: a range holds many games, and a bad
    # archive's diagnostics may be many too.
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out, tempfile.TemporaryFile() as err:
        try:
            code = subprocess.run(cmd, stdout=out, stderr=err, check=False).returncode
        except OSError as e:
            status["error"] = f"cannot run xpgn: {e}"
            yield status_batch()
            return
        refused, last = scan_errors(err)
        summary = take_summary(out)
        if summary is not None and summary.get("schema") != SCHEMA_VERSION:
            raise RuntimeError(f"xpgn writes a stats schema other than {SCHEMA_VERSION}")
        if summary is not None and summary["games"] > 0:
            table = pj.read_json(
                out.name,
                read_options=pj.ReadOptions(block_size=8 << 20),
                parse_options=pj.ParseOptions(
                    explicit_schema=parse_schema, unexpected_field_behavior="ignore"
                ),
            )
            # With --summary xpgn writes variant rows; this job never asks.
            table = table.filter(pc.equal(table["type"], "game")).drop_columns(["type"])
            n = table.num_rows
            table = table.set_column(0, "file", pa.array([name] * n, pa.string()))
            table = table.append_column("_range_start", pa.array([start] * n, pa.int64()))
            table = table.append_column("_round", pa.array([round_no] * n, pa.int64()))
            table = table.append_column("_status", pa.nulls(n, pa.string()))
            for batch in table.to_batches(max_chunksize=64 * 1024):
                yield batch
    if summary is None:
        status["error"] = f"xpgn exited with status {code}: {last}"
    else:
        status.update(
            games=summary["games"],
            moves=summary["moves"],
            errors=summary["errors"],
            codes=summary.get("codes", {}),
        )
        if refused:
            status["merge"] = True
        elif code == 2 or summary["unreadable_inputs"]:
            status["error"] = last
    yield status_batch()


def take_summary(f):
    """The summary object on the last line of file `f` (None if there is
    none), cutting that line off: its fields are not a game's (its
    `skipped` is a count)."""
    f.flush()
    f.seek(0, os.SEEK_END)
    size = f.tell()
    back = min(size, 1 << 20)
    f.seek(size - back)
    tail = f.read().rstrip(b"\n")
    cut = tail.rfind(b"\n") + 1
    try:
        obj = json.loads(tail[cut:])
    except ValueError:
        return None
    if not isinstance(obj, dict) or obj.get("type") != "summary":
        return None
    f.truncate(size - back + cut)
    return obj


def scan_errors(err):
    """Whether xpgn refused the range's end, and its last error line."""
    err.seek(0)
    refused, last = False, "unknown error"
    for raw in err:
        line = raw.decode("utf-8", "replace").strip()
        if RANGE_END in line:
            refused = True
        if line.startswith("xpgn: error") or line.startswith("error"):
            last = line
    return refused, last


def next_round(current):
    """Merges each range whose end xpgn refused with the range after it
    (same file), as docs/parallel.md asks. `current` maps (file, start) to
    (task, status) for the ranges kept so far; merged ones leave it.
    Returns the merged tasks to run."""
    todo = []
    by_file = {}
    for (name, start), (task, status) in current.items():
        by_file.setdefault(name, []).append((start, task, status))
    for name, ranges in by_file.items():
        ranges.sort(key=lambda r: r[0])
        i = 0
        while i < len(ranges):
            start, task, status = ranges[i]
            if status["merge"] and i + 1 < len(ranges):
                nxt = ranges[i + 1][1]
                todo.append((name, task[1], start, nxt[3]))
                del current[(name, start)]
                del current[(name, nxt[2])]
                i += 2
            else:
                i += 1
    return todo


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", help="files, directories or globs (local, hdfs://, s3a://...)")
    ap.add_argument("--output", required=True, help="directory for the Parquet datasets")
    ap.add_argument("--xpgn", default=None, help="the xpgn binary (default: one shipped with --files, else on PATH)")
    ap.add_argument("--range-size", default="256MiB", help="byte range per task of a large plain file")
    ap.add_argument("--stage", choices=["remote", "always"], default="remote",
                    help="copy inputs to executor-local scratch: only non-local ones (default), or always")
    ap.add_argument("--master", default=None, help="Spark master (default: spark-submit's)")
    args = ap.parse_args(argv)

    if (args.master or "").startswith("local") and "PYSPARK_PYTHON" not in os.environ:
        # Local workers run this interpreter, with its packages (pyarrow).
        os.environ["PYSPARK_PYTHON"] = sys.executable
    builder = SparkSession.builder.appName("xpgn-stats")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    xpgn_name = args.xpgn

    def binary():
        if xpgn_name:
            return xpgn_name
        from pyspark import SparkFiles

        shipped = SparkFiles.get("xpgn")
        return shipped if os.path.exists(shipped) else "xpgn"

    stage = args.stage
    found, missing = list_inputs(spark, args.inputs)
    tasks = plan(found, human_size(args.range_size))

    def tasks_frame(todo, round_no):
        rows = [(t[0], t[1], t[2], t[3], round_no) for t in todo]
        schema = "name string, uri string, start long, end long, round long"
        return spark.createDataFrame(sc.parallelize(rows, max(1, len(rows))), schema)

    def run_tasks(batches):
        for batch in batches:
            for t in batch.to_pylist():
                task = (t["name"], t["uri"], t["start"], t["end"])
                yield from run_task(task, binary(), stage, t["round"])

    current = {}  # (file, start) -> (task, status): the ranges kept
    frames = []
    todo, round_no = tasks, 0
    while todo:
        df = tasks_frame(todo, round_no).mapInArrow(run_tasks, TASK_ROW_SCHEMA).persist()
        frames.append(df)
        statuses = [
            json.loads(r["_status"])
            for r in df.filter(F.col("_status").isNotNull()).select("_status").collect()
        ]
        by_key = {(t[0], t[2]): t for t in todo}
        for s in statuses:
            current[(s["file"], s["start"])] = (by_key[(s["file"], s["start"])], s)
        todo = next_round(current)
        round_no += 1

    # The ranges kept, each with its file-wide game offset: the games of
    # the ranges before it. The join keeps only their rows.
    kept = [s for _, s in current.values()]
    offsets, seen = [], {}
    for s in sorted(kept, key=lambda s: (s["file"], s["start"])):
        offsets.append((s["round"], s["file"], s["start"], seen.get(s["file"], 0)))
        seen[s["file"]] = seen.get(s["file"], 0) + s["games"]
    offset_df = spark.createDataFrame(
        offsets, "_round long, file string, _range_start long, _offset long"
    )
    rows = frames[0]
    for df in frames[1:]:
        rows = rows.unionByName(df)
    games = (
        rows.filter(F.col("_status").isNull())
        .join(F.broadcast(offset_df), ["_round", "file", "_range_start"])
        .withColumn("game", F.col("game") + F.col("_offset"))
        .select([f.name for f in GAME_SCHEMA.fields])
    )
    out = args.output.rstrip("/")
    games.write.mode("overwrite").parquet(f"{out}/games")

    games = spark.read.parquet(f"{out}/games")
    variants = games.groupBy("variant").agg(
        F.count(F.lit(1)).alias("games"),
        F.sum(F.when(F.col("skipped").isNull(), F.col("plies")).otherwise(0)).cast("long").alias("moves"),
        F.sum("errors").cast("long").alias("errors"),
    )
    variants.write.mode("overwrite").parquet(f"{out}/variants")

    codes = {}
    for s in kept:
        for code, n in s["codes"].items():
            codes[code] = codes.get(code, 0) + n
    spark.createDataFrame(sorted(codes.items()), "code string, count long").write.mode(
        "overwrite"
    ).parquet(f"{out}/codes")

    per_input = {}
    for name, _, _ in found:
        per_input[name] = {"input": name, "games": 0, "tasks": 0, "error": None}
    for s in kept:
        row = per_input[s["file"]]
        row["games"] += s["games"]
        row["tasks"] += 1
        if s["error"] and row["error"] is None:
            row["error"] = s["error"]
    for name, why in missing:
        per_input[name] = {"input": name, "games": 0, "tasks": 0, "error": why}
    spark.createDataFrame(
        [Row(**r) for r in sorted(per_input.values(), key=lambda r: r["input"])],
        "input string, games long, tasks long, error string",
    ).write.mode("overwrite").parquet(f"{out}/inputs")

    unreadable = sum(1 for r in per_input.values() if r["error"])
    print(
        json.dumps(
            {
                "inputs": len(per_input),
                "tasks": len(kept),
                "rounds": round_no,
                "games": sum(s["games"] for s in kept),
                "unreadable_inputs": unreadable,
            }
        )
    )
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

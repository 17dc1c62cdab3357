"""Shared helpers of the umodel notebooks: where the repository is, reading the measurement CSVs
(DESIGN.md §3) with polars, cell statistics, and one colour per policy.

The colours are the Okabe–Ito palette (safe for the common colour-vision deficiencies) with the
same policy → colour mapping as `umodel report` (src/report.rs, `colour`), so a policy has one
colour in every notebook and in the HTML report. Every policy also has its own marker, so the
figures read in grey too.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import polars as pl

# --- Okabe–Ito ---------------------------------------------------------------------------------
OI = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}

POLICY_COLOURS = {
    "explicit-copy": OI["blue"],
    "peer-copy": OI["blue"],
    "host-mapped": OI["orange"],
    "peer-access": OI["orange"],
    "managed": OI["bluish_green"],
    "managed-prefetch": OI["vermillion"],
    "managed-advise": OI["reddish_purple"],
    "managed-advise-prefetch": OI["sky_blue"],
    "host-staged": OI["sky_blue"],
    "pageable": OI["yellow"],
    "device": OI["black"],
}

POLICY_MARKERS = {
    "explicit-copy": "o",
    "peer-copy": "o",
    "host-mapped": "s",
    "peer-access": "s",
    "managed": "^",
    "managed-prefetch": "v",
    "managed-advise": "D",
    "managed-advise-prefetch": "P",
    "host-staged": "P",
    "pageable": "X",
    "device": "*",
}

# The order policies are listed in (as `Policy::ALL` in crates/umodel-core/src/policy.rs).
HANDOFF_POLICIES = [
    "explicit-copy",
    "host-mapped",
    "managed",
    "managed-prefetch",
    "managed-advise",
    "managed-advise-prefetch",
]
PEER_POLICIES = ["peer-copy", "peer-access", "host-staged", "managed-prefetch", "managed"]

# The CPU update and the GPU passes (as the report's noise chart).
STAGE_COLOURS = {"stage:cpu": OI["vermillion"], "stage:passes": OI["blue"]}

MiB = 1 << 20
GiB = 1 << 30


def colour(policy: str) -> str:
    return POLICY_COLOURS.get(policy, "#777777")


def marker(policy: str) -> str:
    return POLICY_MARKERS.get(policy, "o")


def size_label(b: int) -> str:
    """`16 MiB`, `1 GiB` (as umodel prints sizes)."""
    b = int(b)
    if b >= GiB and b % GiB == 0:
        return f"{b // GiB} GiB"
    if b >= MiB and b % MiB == 0:
        return f"{b // MiB} MiB"
    return f"{b} B"


# --- where things are ----------------------------------------------------------------------------
def repo_root() -> Path:
    """The repository root: `UMODEL_ROOT` if set, else the first folder at or above the current
    directory that holds `calibration/` and `models/` (a notebook runs with its own folder,
    `notebooks/`, as the current directory under Jupyter and nbconvert)."""
    env = os.environ.get("UMODEL_ROOT")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve().parent
    for d in [here, *here.parents, Path.cwd().resolve(), *Path.cwd().resolve().parents]:
        if (d / "calibration").is_dir() and (d / "models").is_dir():
            return d
    raise FileNotFoundError("cannot find the repository root (calibration/ and models/); set UMODEL_ROOT")


ROOT = repo_root()


def path(rel: str) -> Path:
    """A committed file, by its path relative to the repository root."""
    p = ROOT / rel
    if not p.exists():
        raise FileNotFoundError(f"{rel} is not in the repository ({p})")
    return p


# --- measurement CSVs ----------------------------------------------------------------------------
SCHEMA = {
    "group": pl.Utf8,
    "policy": pl.Utf8,
    "case": pl.Utf8,
    "pattern": pl.Utf8,
    "bytes": pl.Int64,
    "useful_bytes": pl.Int64,
    "reuse": pl.Int64,
    "trial": pl.Int64,
    "time_ms": pl.Float64,
    "move_ms": pl.Float64,
    "check": pl.Utf8,
}


def read_measurements(rel: str, keep_failed: bool = False) -> pl.DataFrame:
    """A measurement CSV (DESIGN.md §3) with typed columns, its row order kept as `seq` (the order
    in which the suite measured them). Rows whose check failed are dropped unless asked for, as
    `umodel fit` does."""
    df = pl.read_csv(
        path(rel),
        schema_overrides={k: v for k, v in SCHEMA.items()},
        infer_schema_length=0,
        null_values=[""],
    )
    for col, ty in SCHEMA.items():
        if col not in df.columns:
            df = df.with_columns(pl.lit(None, dtype=ty).alias(col))
    df = df.with_row_index("seq")
    if not keep_failed:
        df = df.filter(pl.col("check").is_null() | (pl.col("check") != "failed"))
    return df


def robust_sd(expr: pl.Expr) -> pl.Expr:
    """1.4826 × the median absolute deviation: the SD of a normal sample, robust to a second level."""
    return 1.4826 * (expr - expr.median()).abs().median()


def cell_stats(df: pl.DataFrame, by: list[str], value: str = "time_ms") -> pl.DataFrame:
    """Per cell: trials, median, min, max, SD and robust SD of `value`."""
    v = pl.col(value)
    return (
        df.group_by(by, maintain_order=True)
        .agg(
            pl.len().alias("n"),
            v.median().alias("median_ms"),
            v.min().alias("min_ms"),
            v.max().alias("max_ms"),
            v.std().alias("sd_ms"),
            robust_sd(v).alias("robust_sd_ms"),
        )
        .sort(by)
    )


def gbps(useful_bytes: pl.Expr | str, time_ms: pl.Expr | str) -> pl.Expr:
    """Bandwidth in GB/s (10^9 bytes a second), as the suite reports it: useful bytes / time."""
    u = pl.col(useful_bytes) if isinstance(useful_bytes, str) else useful_bytes
    t = pl.col(time_ms) if isinstance(time_ms, str) else time_ms
    return u.cast(pl.Float64) / (t * 1e-3) / 1e9


def ape(pred: float, meas: float) -> float:
    """Absolute percentage error, %."""
    return abs(pred - meas) / meas * 100.0 if meas > 0 else math.inf


# --- figures -------------------------------------------------------------------------------------
def setup(dpi: int = 110) -> None:
    """Figure defaults shared by the notebooks."""
    mpl.rcParams.update(
        {
            "figure.dpi": dpi,
            "figure.figsize": (7.5, 4.5),
            "axes.grid": True,
            "grid.alpha": 0.3,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "legend.frameon": False,
            "axes.prop_cycle": mpl.cycler(color=[OI[k] for k in ("blue", "orange", "bluish_green", "vermillion", "reddish_purple", "sky_blue", "black", "yellow")]),
        }
    )


def log_axis(ax, which: str = "y", base: float = 10, subs=(1.0, 2.0, 5.0)) -> None:
    """A log scale labelled with plain numbers (1, 10, 100 or 1, 2, 4, 8 …), not powers."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    fmt = FuncFormatter(lambda v, _: f"{v:g}")
    axis = ax.xaxis if which == "x" else ax.yaxis
    (ax.set_xscale if which == "x" else ax.set_yscale)("log", base=base)
    if base == 10:
        axis.set_major_locator(LogLocator(base=10, subs=subs))
    axis.set_major_formatter(fmt)
    axis.set_minor_formatter(NullFormatter())


def policy_handles(policies: list[str]):
    """Legend entries, one per policy, in its colour and marker."""
    from matplotlib.lines import Line2D

    return [
        Line2D([], [], color=colour(p), marker=marker(p), linestyle="-", label=p) for p in policies
    ]


def show(df: pl.DataFrame, rows: int = 100, precision: int = 4) -> None:
    """Print a table in full (polars elides long and wide tables otherwise)."""
    with pl.Config(
        tbl_rows=rows,
        tbl_cols=-1,
        tbl_width_chars=220,
        fmt_str_lengths=48,
        float_precision=precision,
        tbl_hide_dataframe_shape=True,
        tbl_hide_column_data_types=True,
    ):
        print(df)


__all__ = [
    "OI",
    "POLICY_COLOURS",
    "HANDOFF_POLICIES",
    "PEER_POLICIES",
    "STAGE_COLOURS",
    "MiB",
    "GiB",
    "ROOT",
    "colour",
    "marker",
    "size_label",
    "path",
    "read_measurements",
    "robust_sd",
    "cell_stats",
    "gbps",
    "ape",
    "setup",
    "policy_handles",
    "log_axis",
    "show",
    "plt",
]

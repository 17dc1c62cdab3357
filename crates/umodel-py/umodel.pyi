"""Where should data live on a CPU+GPU machine? umodel's predictor.

Load a calibrated model, then ask how long a placement policy takes at a size and reuse (GPU passes
per CPU update), which policy wins, and at what reuse one overtakes another::

    import umodel
    m = umodel.Model.load()              # this machine's model, as the `umodel` command finds it
    m.choose(256 << 20, 4.0)             # ('explicit-copy', 41.16, False)

and of your own task (its buffers, rounds and the phase times you measured; DESIGN.md section 3)::

    t = m.compile_task("tasks/seed-001.json")
    t.choose(cpu_ms=14.3, gpu_ms=0.29)   # ('explicit-copy', 68.04, False)
"""

import os
from typing import Any, Callable, Dict, List, NotRequired, Optional, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

__version__: str

POLICIES: Tuple[str, ...]
"""Every policy's name, by index (the indices `Model.choose_many` returns)."""

Size = Union[int, str]
"""A size in bytes: an int >= 1, or text the command line takes ("256MiB", "1.5GB")."""

class UmodelError(ValueError):
    """An input umodel cannot answer for; the message is the one the `umodel` command line prints."""

class Prediction(TypedDict):
    """`Model.predict`'s answer: the keys of `umodel predict --json`."""

    policy: str
    bytes: int
    reuse: float
    time_ms: float
    """Predicted time of one alternation (CPU update, movement, `reuse` GPU passes, sync), ms."""
    fixed_ms: float
    """Fixed cost per CPU<->GPU exchange, ms."""
    per_pass_ms: float
    """Cost of one GPU pass, ms."""
    interval_ms: Tuple[float, float]
    """90 % interval for the median of a new measurement, ms."""
    spread_ms: float
    """Spread of one trial (robust SD), ms: differences below it are noise."""
    extrapolated: bool
    """True when `bytes` is outside the calibrated sizes."""

class TaskParts(TypedDict):
    """Where a task's predicted time goes, ms (summed over rounds)."""

    cpu_ms: float
    cpu_faults_ms: float
    gpu_ms: float
    link_ms: float
    gpu_faults_ms: float
    copy_ms: float
    prefetch_ms: float
    sync_ms: float

class TaskPrediction(TypedDict):
    """`Task.predict`'s answer: the keys of `umodel predict --task FILE --policy P --json`."""

    task: str
    policy: str
    rounds: int
    reuse: float
    time_ms: float
    """Predicted time of the whole task (every round and the final host access), ms."""
    interval_ms: Tuple[float, float]
    """90 % interval, ms."""
    sd_ms: float
    parts: TaskParts
    assumptions: List[str]
    """What was estimated rather than given (a phase time left out, ...)."""
    terms_alone_ms: NotRequired[float]
    """Compiled with a probe only: the time from the calibration's terms alone, ms."""

class Ranked(TypedDict):
    policy: str
    time_ms: float
    lo_ms: float
    hi_ms: float
    sd_ms: float
    terms_alone_ms: NotRequired[float]
    """Compiled with a probe only: the time from the calibration's terms alone, ms."""

class TaskRanking(TypedDict, total=False):
    """`Task.rank`'s answer: the keys of `umodel choose --task FILE --json`."""

    task: str
    rounds: int
    reuse: float
    best: str
    tie: bool
    tied: List[str]
    ranking: List[Ranked]
    skipped: List[Dict[str, str]]
    """Policies the model could not price, with why (only when there are any)."""
    assumptions: List[str]

class Task:
    """A task compiled for one model (`Model.compile_task`). Ask it with the phase times you
    measured (`cpu_ms`: one CPU phase on ordinary host memory; `gpu_ms`: one GPU pass on device
    memory; `cpu_final_ms`: the host's last access) and, if you like, other `rounds` or `reuse`
    (GPU passes per round); what you leave out is the task file's. NaN, negative or infinite
    values raise `UmodelError`. Immutable: usable from any number of threads."""

    @property
    def name(self) -> str:
        """The task's name (its file's `name`)."""
    def choose(
        self,
        *,
        cpu_ms: Optional[float] = None,
        gpu_ms: Optional[float] = None,
        cpu_final_ms: Optional[float] = None,
        rounds: Optional[int] = None,
        reuse: Optional[float] = None,
    ) -> Tuple[str, float, bool]:
        """The fastest policy, its time for the whole task in ms, and whether the runner-up is
        within the noise."""
    def rank(
        self,
        *,
        cpu_ms: Optional[float] = None,
        gpu_ms: Optional[float] = None,
        cpu_final_ms: Optional[float] = None,
        rounds: Optional[int] = None,
        reuse: Optional[float] = None,
    ) -> TaskRanking:
        """Every priced policy, fastest first, with 90 % intervals."""
    def predict(
        self,
        policy: str,
        *,
        cpu_ms: Optional[float] = None,
        gpu_ms: Optional[float] = None,
        cpu_final_ms: Optional[float] = None,
        rounds: Optional[int] = None,
        reuse: Optional[float] = None,
    ) -> TaskPrediction:
        """The task under `policy`. Raises `UmodelError`."""
    def breakeven(
        self,
        a: str,
        b: str,
        *,
        cpu_ms: Optional[float] = None,
        gpu_ms: Optional[float] = None,
        cpu_final_ms: Optional[float] = None,
        rounds: Optional[int] = None,
    ) -> Optional[float]:
        """The GPU passes per round R* >= 1 at which `a` and `b` take equal time on the task; None
        when one is faster at every R."""

class Model:
    """A loaded model. Immutable: one `Model` may be used from any number of threads."""

    @staticmethod
    def load(name: Optional[str] = None, device: Optional[int] = None) -> "Model":
        """An embedded model by name ("h200", "gb200-paper"), a model file by path, or with no name
        this machine's model: with `device`, that GPU's own calibrated model where it has one;
        else the one calibrated for this machine, else the embedded model of its GPU, else the
        first embedded model (`source` says which). Raises `UmodelError`."""
    @property
    def source(self) -> str:
        """Which model this is and where it came from."""
    @property
    def policies(self) -> list[str]:
        """The policies this model was calibrated for."""
    def predict(self, policy: str, bytes: Size, reuse: float) -> Prediction:
        """One alternation of `policy` on `bytes` bytes at reuse `reuse`. Raises `UmodelError`."""
    def choose(self, bytes: Size, reuse: float) -> Tuple[str, float, bool]:
        """The fastest policy, its time in ms, and whether the runner-up is within the noise."""
    def choose_many(
        self, bytes: npt.NDArray[np.uint64], reuse: npt.NDArray[np.float64]
    ) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """`choose` for 1-d arrays of one length: policy indices into `POLICIES`, times (ms) and
        ties. A bad query raises `UmodelError` naming its index ("query 7: ...")."""
    def breakeven(self, a: str, b: str, bytes: Size) -> Optional[float]:
        """The reuse R* >= 1 where `a` and `b` take equal time at `bytes`; None if they never cross."""
    def compile_task(
        self,
        task: Union[str, os.PathLike[str], Dict[str, Any]],
        *,
        probe: Optional[Union[str, os.PathLike[str], Dict[str, Any]]] = None,
    ) -> Task:
        """Compiles your task for repeated queries: the path of a task file (`tasks/seed-001.json`;
        TOML where the name ends in `.toml`) or the task's fields as a dict. `probe`: a probe (`umodel probe -o FILE`'s file
        or its fields as a dict) to price the migrating steps, and the mapped passes where it
        measured the link, at the rates it found. Raises
        `UmodelError` naming the file, line and field of a bad task or probe, or when the model
        has no task terms (`gb200-paper`). Warns (`UserWarning`) when the probe's CPU touched
        another share of its pages than the task does: `umodel probe --task FILE` probes in the
        task's shape."""
    def probe_against(
        self, probe: Union[str, os.PathLike[str], Dict[str, Any]]
    ) -> List[ProbeFigure]:
        """Each figure of a probe (`umodel probe -o FILE`'s file, or its fields as a dict) beside
        this model's price of the same step, as `umodel probe --from FILE --json` lists them: where
        one `differs` and is `priced`, price your tasks with the probe
        (`compile_task(..., probe=...)`) or calibrate this machine. Raises `UmodelError` for a bad
        probe."""

class ProbeFigure(TypedDict):
    """One figure of `Model.probe_against`'s answer: the keys of `umodel probe --from FILE
    --json`'s `figures`."""

    term: str
    """The step or pass it prices (`map_read`, `prefetch_to_host`, ...)."""
    link: bool
    """A pass over the link, which a calibration measures as the probe does; else a migrating
    step, which a calibration samples once (off the model, price it with the probe)."""
    bytes: int
    """The size the probe measured it at."""
    ms: float
    """The probe's figure: the mean over its rounds, ms."""
    rel_sd: float
    """One round's standard deviation over the mean."""
    samples: int
    model_ms: Optional[float]
    """The model's price of the same step at `bytes`, ms (None: the model has no such term)."""
    ratio: Optional[float]
    """`ms` over `model_ms`."""
    differs: Optional[bool]
    """Off the model's price by more than 10 % and twice the rounds' spread."""
    priced: bool
    """Whether a task priced with the probe uses this figure: not the passes over managed pages
    kept on the host, which move with the probe's pinned passes (tasks paid those:
    calibration/h100/offline53/rule_m.txt)."""

class FaultScale(TypedDict):
    """`fault_scale`'s answer."""

    scale: float
    """What the task's `cpu_fault_scale` or `cpu_final_fault_scale` should be for the code."""
    code_extra_ms: float
    """The code on pages a GPU pass migrated less on plain memory, median, ms."""
    read_extra_ms: float
    """The calibration's read (a sum) on migrated pages less on plain memory, median, ms."""
    rounds: int
    """Rounds that passed their checks."""
    failed: int
    """Rounds left out because a check failed."""
    bytes: int

def fault_scale(
    data: Union[bytes, bytearray, memoryview],
    code: Callable[[memoryview], Any],
    *,
    warm: bool = False,
    rounds: int = 9,
    device: int = 0,
) -> FaultScale:
    """How much of a page's fault back to the host your code waits for, against the calibration's
    read: your task's `cpu_fault_scale` (CPU phase) or `cpu_final_fault_scale` (final access).
    Needs an NVIDIA GPU. `code` gets a writable memoryview of a copy of `data` (a multiple of 4
    bytes; `np.frombuffer(view, np.float32)` sees it without copying), must do the same to every
    copy and must not keep the view or an array made from it. Holds the GIL while it measures
    (about half a second a round at 64 MiB). Raises `UmodelError` (no GPU, bad input, a kept
    view, every round failing its check) or what `code` raised."""

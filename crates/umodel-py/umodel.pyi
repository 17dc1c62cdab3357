"""Where should data live on a CPU+GPU machine? umodel's predictor.

Load a calibrated model, then ask how long a placement policy takes at a size and reuse (GPU passes
per CPU update), which policy wins, and at what reuse one overtakes another::

    import umodel
    m = umodel.Model.load()              # this machine's model, as the `umodel` command finds it
    m.choose(256 << 20, 4.0)             # ('explicit-copy', 41.16, False)
"""

from typing import Optional, Tuple, TypedDict, Union

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

"""One measured fix in the websocket stack under daphne.

autobahn formats the arguments of a debug log line on every frame it sends
(`sendData` calls `hltype`/`hlval`, which colour text through click), whether or not debug
logging is on. With 100 spectators that is 100 formatted-and-dropped log lines per action: about
a tenth of the Python time of a fan-out (py-spy, `python -m bench live`). When autobahn's
logger would drop debug lines anyway, its protocol module gets plain helpers instead; with
debug logging on, nothing changes.
"""

from __future__ import annotations

import logging
from typing import Any


def _plain(value: Any, *_args: Any, **_kwargs: Any) -> Any:
    return value


def install() -> bool:
    """Swap the helpers unless autobahn debug logging is on. Returns whether it did."""
    if logging.getLogger("autobahn").isEnabledFor(logging.DEBUG):
        return False
    try:
        from autobahn.websocket import protocol
    except ImportError:  # pragma: no cover — daphne always brings autobahn
        return False
    protocol.hltype = _plain
    protocol.hlval = _plain
    return True

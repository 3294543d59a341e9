"""A task worker or a daphne that pauses inside its transaction when a step resolves written
orders, after every step of the batch is written and before the commit, so that a test can
SIGKILL it mid-resolution.

    python -m tests.live.pausing MARKER SECONDS worker [run_worker options]
    python -m tests.live.pausing MARKER SECONDS daphne [daphne options]

`actions.finish_steps` (the request path's) and `deadlines.finish_steps` (the sweeper's, which
also plays readies held for the worker, twteaw ruling 68) are wrapped: when a batch resolves a
written-orders group (an `answers_revealed` event), the process writes its pid, the game and
the version it reached to MARKER and sleeps SECONDS before its transaction commits. A daphne
run this way proves a request resolves nothing (the marker never appears); a worker, that a
kill mid-resolution commits nothing. Used by tests/live/test_twteaw_worker_kill.py; nothing in
the product imports it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    marker, seconds, mode, *args = sys.argv[1:]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boardgame.settings")
    import django
    django.setup()
    from boardgame.play import actions, deadlines
    original = actions.finish_steps

    def finish_then_pause(game: Any, ruleset: Any, steps: list[Any], **kwargs: Any) -> Any:
        batch = original(game, ruleset, steps, **kwargs)
        if any(event.kind == "answers_revealed" for step in steps for event in step.events):
            Path(marker).write_text(json.dumps({"pid": os.getpid(), "game": game.pk,
                                                "version": game.version}))
            time.sleep(float(seconds))
        return batch

    actions.finish_steps = finish_then_pause  # type: ignore[assignment]
    deadlines.finish_steps = finish_then_pause  # type: ignore[assignment]
    if mode == "worker":
        from django.core.management import execute_from_command_line
        execute_from_command_line(["manage.py", "run_worker", *args])
    elif mode == "daphne":
        from daphne.cli import CommandLineInterface
        CommandLineInterface().run(args)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()

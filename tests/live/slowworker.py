"""A task worker that pauses inside the deadline sweeper's transaction, after every step of a
batch is written and before the commit, so that a test can SIGKILL it mid-resolution.

`python -m tests.live.slowworker MARKER SECONDS [run_worker options]`: runs
`manage.py run_worker` with `deadlines.finish_steps` wrapped — when a batch resolves a
written-orders group (an `answers_revealed` event), the worker writes its pid and the game to
MARKER and sleeps SECONDS before returning to the sweeper, which then commits. Used by
tests/live/test_twteaw_worker_kill.py; nothing in the product imports it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    marker, seconds, *worker_args = sys.argv[1:]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boardgame.settings")
    import django
    django.setup()
    from boardgame.play import deadlines
    original = deadlines.finish_steps

    def finish_then_pause(game: Any, ruleset: Any, steps: list[Any], **kwargs: Any) -> Any:
        batch = original(game, ruleset, steps, **kwargs)
        if any(event.kind == "answers_revealed" for step in steps for event in step.events):
            Path(marker).write_text(json.dumps({"pid": os.getpid(), "game": game.pk,
                                                "version": game.version}))
            time.sleep(float(seconds))
        return batch

    deadlines.finish_steps = finish_then_pause  # type: ignore[assignment]
    from django.core.management import execute_from_command_line
    execute_from_command_line(["manage.py", "run_worker", *worker_args])


if __name__ == "__main__":
    main()

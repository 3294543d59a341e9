"""Suite-wide settings.

The kernel's test ruleset (`tests.toy.ruleset`, never shipped) is registered through the same
environment variable a deployment would use, so subprocesses (daphne, the CLI) see it too.
"""

import os

os.environ.setdefault("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")

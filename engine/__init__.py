"""Salient's rules engine: pure Python, no Django.

The kernel (`engine.kernel`) runs any ruleset through one contract; the board library
(`engine.board`) holds hex geometry, map models and path search; `engine.rulesets` lists the
rulesets that ship.
"""

ENGINE_VERSION = "0.1.0"

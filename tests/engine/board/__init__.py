"""Tests of the board library (engine/board)."""

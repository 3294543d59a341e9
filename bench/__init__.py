"""Benchmarks: each prints JSON figures and asserts nothing about time."""

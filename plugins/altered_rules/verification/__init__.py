"""Verification: running the glossary's examples and scenario files through the engine
(checks, scenarios) and the synthetic glossaries the benchmarks build on (synth).

Imports nothing itself: the sandbox's archive holds verification/scenarios.py, not the rest.
"""

"""The site tests read the site built once for the run (`site`, in tests/conftest.py)."""

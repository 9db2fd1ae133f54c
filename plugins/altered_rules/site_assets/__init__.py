"""Site assets: the files a build writes beside its pages: the search index's rule entries,
the judge's sandbox (its page data and the engine archive it runs in the browser), the service
worker, sitemap and short URLs (extra_files) and the machine-readable export.

Imports nothing itself: the sandbox's archive holds site_assets/sandbox_runtime.py, not the rest.
"""

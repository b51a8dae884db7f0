"""Generated providers: each subpackage holds a hand-written ``config.py`` and generated files."""

"""The drawing code of make_art.py: canvas (shapes, PNG), sheet (packing, JSON), one module per project."""

"""jinja2 templates for generated providers (package data: loops and ifs only, no logic)."""

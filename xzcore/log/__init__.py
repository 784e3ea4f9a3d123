"""The .xzlog format (docs/log-format.md): records, reading, writing, signing."""

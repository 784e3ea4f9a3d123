"""Replaying a log through the round engine and reporting every finding (docs/audit.md)."""

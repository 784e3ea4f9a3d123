"""The table as a person sees it, event by event, for `xz replay`."""

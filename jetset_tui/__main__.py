"""``python -m jetset_tui``: the ``jetset`` command, for where its script is not on PATH."""

from jetset_tui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

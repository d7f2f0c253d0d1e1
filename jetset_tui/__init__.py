"""The terminal front end: the ``jetset`` command line and (next) the Textual app."""

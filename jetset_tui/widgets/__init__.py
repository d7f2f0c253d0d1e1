"""The game screen's parts, one module per idea."""

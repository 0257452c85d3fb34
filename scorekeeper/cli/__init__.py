"""The `scorekeeper` command: the referee's questions, serve, the evening's files."""

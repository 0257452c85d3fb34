"""The SQLite database: sessions, rounds and their stored scores, history, phones, files."""

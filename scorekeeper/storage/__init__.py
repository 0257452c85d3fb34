"""The SQLite database: sessions, rounds and their kept scores, history, phones, files."""

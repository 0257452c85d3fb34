"""`scorekeeper serve`: gunicorn, its worker, the access log, the address phones open."""

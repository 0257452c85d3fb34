"""What a printed sheet, pad and settlement show, rendered to PDF with no web request."""

"""What every REST endpoint shares: the error type and its JSON form, the /api/ middleware."""

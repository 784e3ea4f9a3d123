"""Money: the ledger of transfers (R9.6) and the payments that fill it (R6, R9, R10)."""

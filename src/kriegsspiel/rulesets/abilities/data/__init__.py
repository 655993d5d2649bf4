"""Data files of the `abilities` ruleset: rule catalogue, house defaults, unit statlines."""

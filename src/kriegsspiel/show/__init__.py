"""What `kriegsspiel show` prints, one module a ruleset (read from its typed view alone), with
the cells and tables they share (`cells`)."""

"""Hobart's Funnies: flails aside, the special vehicles (ENG-FUNNY)."""

"""Minefields: laying, passage and clearing (ENG-MINE)."""

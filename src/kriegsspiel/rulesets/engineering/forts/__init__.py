"""Concrete bunkers and fortifications (ENG-FORT)."""

"""Bridges: building, crossing, bridging equipment, spans and attacks on them (ENG-BRIDGE)."""

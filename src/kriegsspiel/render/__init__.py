"""Renderings of a seat's view (SVG for the web table app)."""

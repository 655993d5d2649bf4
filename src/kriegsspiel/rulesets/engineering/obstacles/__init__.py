"""Obstacles: wire, anti-tank ditches and obstacles, bocage, roadblocks, crossing them, charges and
dozers (ENG-WIRE, -DITCH, -OBST, -BOCAGE, -ROAD)."""

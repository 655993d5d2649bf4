"""Playing the game: the Battlefront sequence and fire, engineering actions and their window
(ENG-ACT), demolitions (ENG-DEMO), close combat."""

"""Read TripleA saved games (.tsvg, engine 1.9 and 2.x) without Java.

Layers, in the data's order: `stream` (the Java serialization grammar) -> `javacoll`
(Java library objects to Python values) -> `envelope` (gzip, top-level items) ->
`gamedata` (typed view). Any bad input raises `SaveFormatError`.
"""

from converter.save.errors import SaveFormatError
from converter.save.gamedata import SaveGame, load_save

__all__ = ["SaveFormatError", "SaveGame", "load_save"]

"""Game variants as data: board size, colours, start squares, players and who owns which points.

>>> find_variant("Blokus Duo").size
14
>>> [square_name(sq) for sq in find_variant("classic").start_squares]
['a20', 't20', 't1', 'a1']
"""

from __future__ import annotations

from dataclasses import dataclass

from .pieces import parse_square, square_name  # noqa: F401  (square_name: doctest)

Color = int
"""A colour: its index in the variant's play order (Blue 0, Yellow 1, Red 2, Green 3)."""


@dataclass(frozen=True)
class Variant:
    """The fixed facts of one game variant."""

    name: str
    #: The ``GM`` value of Pentobi's SGF files.
    sgf_game: str
    size: int
    #: Lower-case colour names in play order.
    color_names: tuple[str, ...]
    #: Per colour, the square its first piece must cover.
    start_squares: tuple[int, ...]
    #: Per player, the colours whose points the player scores.
    player_colors: tuple[tuple[Color, ...], ...]
    #: A colour played by every player in turn whose points count for nobody (classic_3's Green).
    shared_color: Color | None = None

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colours in play order."""
        return tuple(range(len(self.color_names)))

    @property
    def num_players(self) -> int:
        return len(self.player_colors)

    def player_of_color(self, color: Color, shared_moves_made: int = 0) -> int:
        """The player who moves ``color``; for the shared colour, the player whose turn it is
        after the shared colour has made ``shared_moves_made`` moves (players 1, 2, 3, 1, ...)."""
        if color == self.shared_color:
            return shared_moves_made % self.num_players
        for player, colors in enumerate(self.player_colors):
            if color in colors:
                return player
        raise ValueError(f"no colour {color} in {self.name}")


_CLASSIC_COLORS = ("blue", "yellow", "red", "green")
_CLASSIC_STARTS = tuple(parse_square(name) for name in ("a20", "t20", "t1", "a1"))

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "classic", "Blokus", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, ((0,), (1,), (2,), (3,))
        ),
        Variant(
            "classic_2", "Blokus Two-Player", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, ((0, 2), (1, 3))
        ),
        Variant(
            "classic_3",
            "Blokus Three-Player",
            20,
            _CLASSIC_COLORS,
            _CLASSIC_STARTS,
            ((0,), (1,), (2,)),
            shared_color=3,
        ),
        Variant(
            "duo",
            "Blokus Duo",
            14,
            ("purple", "orange"),
            (parse_square("e10"), parse_square("j5")),
            ((0,), (1,)),
        ),
    )
}


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (our id or Pentobi's SGF game name, any case)."""
    key = name.strip().lower()
    for variant in VARIANTS.values():
        if key in (variant.name, variant.sgf_game.lower()):
            return variant
    raise ValueError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}")

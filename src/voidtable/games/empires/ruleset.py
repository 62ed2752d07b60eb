"""Loading the rules: typed data, its checks, the galaxy check, and the tables derived once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.rulesdata import convert

from .data import EmpiresData, Rules, Token, check_data
from .galaxy import check_layouts

if TYPE_CHECKING:
    from voidtable.engine.game import Game


def build(game: "Game") -> Rules:
    """Validate the (possibly overridden) data; number the ship tokens and the diplomacy cards."""
    d = convert(game.data, EmpiresData, "empires")
    check_data(d)
    check_layouts(d)
    ship_kinds = tuple(d.ships)
    tokens: list[Token] = []
    for seat in range(4):
        for kind in ship_kinds:
            if not d.ships[kind].neutral:
                tokens.extend(Token(kind, seat) for _ in range(d.ships[kind].count))
    for kind in ship_kinds:
        if d.ships[kind].neutral:
            tokens.extend(Token(kind, -1) for _ in range(d.ships[kind].count))
    cards: list[tuple[str, str]] = []
    for kind in d.game.temperaments:
        for tactic in d.diplomacy.tactics[kind]:
            cards.extend((kind, tactic) for _ in range(d.diplomacy.copies))
    token_ids: dict[tuple[str, int], list[int]] = {}
    for i, tok in enumerate(tokens):
        token_ids.setdefault((tok.kind, tok.colour), []).append(i)
    o = game.options
    centre = d.galaxy.centre
    return Rules(
        data=d, tiles=d.tiles, centre=centre, outer=tuple(k for k in d.tiles if k != centre),
        ship_kinds=ship_kinds, tokens=tuple(tokens), tech_keys=tuple(d.techs), planet_keys=tuple(d.planets),
        race_keys=tuple(d.races), cards=tuple(cards), event_keys=tuple(d.events.cards),
        advanced=bool(o["advanced"]), short=bool(o["short"]), open_scores=bool(o["open_scores"]),
        players=game.players, negotiation=str(o["negotiation"]),
        token_ids={k: tuple(v) for k, v in token_ids.items()},
        armed=frozenset(k for k, sd in d.ships.items() if sd.dice > 0),
        beam_ships={k: tuple(t.ships) for k, t in d.techs.items() if t.effect == "tractor_beam"},
        pass_kinds={k: t.effect[len("pass_"):] for k, t in d.techs.items() if t.effect.startswith("pass_")},
    )

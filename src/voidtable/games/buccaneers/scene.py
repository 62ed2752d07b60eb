"""Black Hole Buccaneers at the table: a seat's view and legal actions as a generic scene (docs/web.md).

Input is only what the seat may know (its view and its legal actions) plus the
card catalogue, which is public; so the scene cannot reveal more than the view.
Every legal action appears on exactly one clickable element.
"""

from __future__ import annotations

import weakref
from collections import Counter
from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.game import Game

from .data import KINDS
from .text import black_hole_name, describe_action

KIND_TITLES = {"spacecraft": "Spacecraft", "toy": "Toy", "time_machine": "Time Machine part", "shapeshifter": "Shapeshifter",
               "robot": "Robot", "artifact": "Artifact", "relic": "Relic"}

EFFECTS = {
    "gps_tracker": "When revealed: your next selection this round is drawn at random from your hand.",
    "tiit_clo_uhl": "When revealed: everyone draws a card; the {tiit_threshold_card:+d} Threshold card goes beside the Black Hole.",
    "swiss_army_pocket_laser": "When revealed: place a Threshold card; a positive one costs you the Laser.",
    "titanic_tentacles": "When revealed: draw {tentacles_draw} cards and keep one in your display.",
    "reality_gyro": "When revealed: hands now pass the other way.",
    "morpho_sucker": "From your next Turn: turns once for each Shapeshifter another player reveals.",
    "cubus_libra": "From your next Turn: turns once for each card of printed Weight {cubus_libra_min_weight}+ another player reveals (not Robots).",
    "loot_box": "From your next Turn: turns once for each card of printed Weight {loot_box_min_weight}+ you reveal (not Robots).",
    "easter_egg": "Score step A: you may discard it for the top card of the deck.",
    "alien_kiddie_pool": "Score step B: you may discard it for a random last card.",
    "one_ring": "Score step D: you may discard it and one other faceup card.",
    "antigravity_carpet": "Score step E: single lowest Weight takes {carpet_value:+d} Value.",
    "exoskeleton": "Score step E: single highest Weight takes {exoskeleton_weight:+d} Weight.",
    "xxl_paperweight": "Score step F: the revealed card's Weight counts twice for you.",
    "emergency_towel": "Score step G: {emergency_towel_points:+d} points if you are pulled in.",
}
KIND_TEXT = {
    "spacecraft": "Breaks ties for a place; the most valuable one of round 3 breaks a final tie.",
    "toy": "Placed facedown; in step C the single highest Toy Weight takes the {toy_reward_weight:+d} Weight card.",
    "time_machine": "Parts form groups; each new part of a group turns the whole group.",
    "shapeshifter": "All your Shapeshifters weigh what the top one weighs.",
    "robot": "Turns when two or more players reveal a Robot in the same Turn.",
}
DECISION_PROMPTS = {
    "swiss_army_pocket_laser": "Swiss Army Pocket Laser: choose the Threshold card to place beside the Black Hole",
    "titanic_tentacles": "Titanic Tentacles: choose the drawn card to keep in your display",
    "time_machine_group": "Time Machine: choose the group that takes the new part",
    "easter_egg": "Easter Egg: use it (top card of the deck into your display) or decline",
    "alien_kiddie_pool": "Alien Kiddie Pool: use it (a random last card into your display) or decline",
    "one_ring": "One Ring: use it (discard it and one other faceup card) or decline",
    "one_ring_discard": "One Ring: choose the faceup card to discard with the Ring",
}


_STATIC: "weakref.WeakKeyDictionary[Any, dict[str, dict[str, Any]]]" = weakref.WeakKeyDictionary()


def _static(game: Game, key: str) -> dict[str, Any]:
    """What never changes about a card in one rule set: name, kind, text, edges (cached per loaded rules)."""
    r = game.rules
    table = _STATIC.get(r)
    if table is None:
        table = _STATIC[r] = {}
    out = table.get(key)
    if out is None:
        c = r.index[key]
        kind = KINDS[r.kind[c]]
        effect = r.effect_of[c]
        out = {"id": key, "title": r.names[c], "kind": kind, "tag": KIND_TITLES[kind],
               "text": _text(game, EFFECTS.get(effect or "", KIND_TEXT.get(kind, "")))}
        if len(set(zip(r.value[c], r.weight[c]))) > 1:
            out["edges"] = [f"{a}/{b}" for a, b in zip(r.value[c], r.weight[c])]
        table[key] = out
    return out


def card(game: Game, key: str, orientation: int = 0, action: Action | None = None, extra: dict[str, Any] | None = None,
         value: int | None = None, weight: int | None = None) -> dict[str, Any]:
    """One face-up card: name, kind, current Value/Weight, and (if clickable) its action."""
    r = game.rules
    out = dict(_static(game, key))
    if value is None or weight is None:
        c = r.index[key]
        value = r.value[c][orientation] if value is None else value
        weight = r.weight[c][orientation] if weight is None else weight
    out["stats"] = [{"label": "Value", "value": value}, {"label": "Weight", "value": weight}]
    if orientation:
        out["turned"] = orientation
    if action is not None:
        out["action"] = action.to_json()
        out["hint"] = describe_action(game, action)
    if extra:
        out.update(extra)
    return out


def tell_alike_apart(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of one card with the same Value/Weight read alike; their hints say which copy and that any will do
    ("select Command Chair (1/5), 2 of 2 alike"), so no two choices in a list read the same."""
    alike = Counter(c["hint"] for c in cards if c.get("hint"))
    seen: Counter[str] = Counter()
    for c in cards:
        hint = c.get("hint")
        if hint and alike[hint] > 1:
            seen[hint] += 1
            c["hint"] = f"{hint}, {seen[hint]} of {alike[hint]} alike"
    return cards


def _text(game: Game, template: str) -> str:
    """Card texts take their numbers from the rules data (a --set override shows)."""
    c = game.rules.c
    try:
        return template.format(**{k: getattr(c, k) for k in c.__struct_fields__})
    except (KeyError, ValueError, AttributeError):
        return template


def facedown(label: str, cid: str) -> dict[str, Any]:
    return {"id": cid, "title": label, "kind": "back", "face": "down"}


def build(game: Game, view: dict[str, Any], legal: list[Action], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    parts: list[dict[str, Any]] = []
    decision = view.get("decision")
    bh = view.get("black_hole")
    over = view["phase"] == "over"

    # -- the Black Hole ------------------------------------------------------------------
    tc = view["threshold_cards"]
    items = []
    if bh:
        items += [
            {"label": "Black Hole", "value": f"{bh['color'].title()} (Threshold {bh['threshold']}, {bh['hand_size']} cards)", "color": bh["color"]},
            {"label": "Threshold", "value": bh["threshold"] + sum(tc), "hint": f"{bh['threshold']} printed"
             + (" " + " ".join(f"{v:+d}" for v in tc) if tc else "") + "; the card revealed in step F adds its Weight"},
            {"label": "Hand size", "value": bh["hand_size"]},
        ]
    items += [
        {"label": "Round", "value": f"{view['round']} of {view['rounds']}"},
        {"label": "Turn", "value": view["turn"]},
        {"label": "Hands pass", "value": view["direction"]},
        {"label": "Deck", "value": view["deck_size"]},
        {"label": "Discard", "value": len(view["discard"])},
        {"label": "Last cards beside the Black Hole", "value": view["last_cards"]},
    ]
    if view.get("black_hole_card"):
        r = game.rules
        items.append({"label": "Revealed in step F", "value": r.names[r.index[view["black_hole_card"]]]})
    to_come = view["black_holes_to_come"]
    if isinstance(to_come, list):
        items.append({"label": "Black Holes to come", "value": ", ".join(f"{b['color'].title()} {b['threshold']}/{b['hand_size']}" for b in to_come) or "none"})
    else:
        items.append({"label": "Black Holes to come", "value": f"{to_come} (unknown)"})
    items.append({"label": "Score card", "value": " / ".join(str(x) for x in view["score_card"])})
    parts.append({"kind": "panel", "id": "black-hole", "title": "The Black Hole", "items": items})

    # -- Weight against the Threshold ---------------------------------------------------------
    if bh:
        parts.append(_weight_track(game, view, bh["threshold"] + sum(tc), names))

    # -- your decision (Relics, Laser, Tentacles, Time Machine) ------------------------------------
    you = view.get("you")
    prompt = None
    if decision and decision["seat"] == seat and legal:
        kind = decision["kind"]
        prompt = DECISION_PROMPTS.get(kind, "Decide")
        if kind == "titanic_tentacles":
            parts.append({"kind": "cards", "id": "tentacles", "title": "Titanic Tentacles: keep one", "cards": [
                *tell_alike_apart([card(game, a.arg, action=a) for a in by_kind.get("keep", [])])]})
        elif kind == "one_ring_discard":
            pass  # the cards in your display are clickable (below)
        else:
            buttons = []
            for a in legal:
                label = describe_action(game, a)
                buttons.append({"label": label[:1].upper() + label[1:], "action": a.to_json()})
            parts.append({"kind": "buttons", "id": "decision", "title": prompt, "buttons": buttons})

    # -- your hand and hidden things -----------------------------------------------------------
    if you is not None:
        select = {a.arg: a for a in by_kind.get("select", [])}
        hand = tell_alike_apart([card(game, k, action=select.get(k)) for k in you["hand"]])
        if select and not prompt:
            prompt = "Select a card from your hand (facedown; all reveal together)"
            if you.get("gps_next_turn"):
                prompt += " (GPS Tracker: the game draws it at random)"
        title = f"Your hand ({len(hand)})"
        parts.append({"kind": "cards", "id": "hand", "title": title, "layout": "hand", "cards": hand,
                      "empty": "no cards in hand"})
        hidden = []
        if you["selected"]:
            hidden.append(card(game, you["selected"], extra={"badge": "selected"}))
        hidden += [card(game, k, extra={"badge": "facedown Toy"}) for k in you["facedown_toys"]]
        hidden += [card(game, k, extra={"badge": "beside the Black Hole"}) for k in you["last_card"]]
        if hidden:
            parts.append({"kind": "cards", "id": "yours-hidden", "title": "Only you can see", "cards": hidden})

    # -- the players' displays -----------------------------------------------------------------------
    ring = {a.arg: a for a in by_kind.get("discard", [])}
    waiting = set(view["to_move"])
    players = []
    for pl in view["players"]:
        p = pl["seat"]
        d = pl["display"]
        cards = []
        for c in d["cards"]:
            act = ring.get(c["card"]) if p == seat else None
            cards.append(card(game, c["card"], c["orientation"], act, value=c["value"], weight=c["weight"]))
        for gi, group in enumerate(d["time_machine_groups"]):
            for c in group:
                act = ring.get(c["card"]) if p == seat else None
                cards.append(card(game, c["card"], c["orientation"], act, extra={"badge": f"group {gi + 1}"},
                                  value=c["value"], weight=c["weight"]))
        for c in d["shapeshifters"]:
            act = ring.get(c["card"]) if p == seat else None
            cards.append(card(game, c["card"], 0, act, value=c["value"], weight=c["weight"], extra={"badge": "stack"}))
        cards += [facedown("Toy (facedown)", f"toy-{p}-{i}") for i in range(d["facedown_toys"])]
        stats = [
            {"label": "Points", "value": pl["total"], "hint": " + ".join(str(x) for x in pl["points"]) or "none yet"},
            {"label": "Value", "value": d["value"]},
            {"label": "Weight", "value": d["weight"]},
            {"label": "Hand", "value": pl["hand_size"]},
        ]
        if d["weight_cards"]:
            stats.append({"label": "Weight cards", "value": " ".join(f"{w:+d}" for w in d["weight_cards"])})
        if d["value_card"]:
            stats.append({"label": "Value card", "value": f"+{d['value_card']}"})
        note = None
        if view["phase"] == "select" and not over:
            note = "has chosen" if pl["has_selected"] else "choosing..."
        if decision and decision["seat"] == p:
            note = f"deciding: {_decision_words(decision['kind'])}"
        players.append({"seat": p, "name": names[p], "you": p == seat, "active": p in waiting, "note": note,
                        "stats": stats, "cards": cards})
    parts.append({"kind": "players", "id": "players", "title": "Displays", "players": players})

    if view["discard"]:
        parts.append({"kind": "cards", "id": "discard", "title": f"Discard pile ({len(view['discard'])})", "collapsed": True,
                      "cards": [{k: v for k, v in card(game, key).items() if k not in ("text", "edges")} for key in view["discard"]]})

    last = view.get("last_round")
    if last:
        parts.append({"kind": "panel", "id": "last-round", "title": f"Round {last.get('round', '')} scored".strip(),
                      "items": _last_round_items(game, last, names)})

    # the phase the game is in: cards are revealed (and reveal-time decisions made) within the Selection phase
    phase_words = {"select": "Selection", "reveal": "Selection · cards revealed", "score": "Score phase", "over": "game over"}
    headline = f"Round {view['round']} of {view['rounds']} · Turn {view['turn']} · " + phase_words.get(
        view["phase"], str(view["phase"]).replace("_", " "))
    if decision and not prompt:
        who = names[decision["seat"]]
        prompt_other = f"{who} decides: {_decision_words(decision['kind'])}"
    else:
        prompt_other = None
    return {
        "title": game.spec.title,
        "headline": headline,
        "prompt": prompt,
        "status": prompt_other,
        "parts": parts,
    }


def _decision_words(kind: str) -> str:
    """A pending decision by the card that asks it ("Titanic Tentacles"), as its prompt begins."""
    return DECISION_PROMPTS.get(kind, kind.replace("_", " ")).split(":")[0]


def _weight_track(game: Game, view: dict[str, Any], threshold: int, names: Sequence[str]) -> dict[str, Any]:
    """Each display's Weight against the Threshold line.

    Once step F has revealed a card beside the Black Hole, its Weight is part of the
    Threshold: the line is then the round's final Threshold and the marks are the Weights
    that were scored against it (a display pulled in is emptied afterwards). A seat whose
    own final Threshold differs (the XXL Paperweight counts the card twice) says so.
    """
    last = view.get("last_round") or {}
    scored = bool(view.get("black_hole_card")) and last.get("round") == view["round"] and "final_thresholds" in last
    finals: list[int] = []
    if scored:
        finals = list(last["final_thresholds"])
        threshold = min(finals)
    elif view.get("black_hole_card"):
        r = game.rules
        threshold += r.weight[r.index[view["black_hole_card"]]][0]
    marks = []
    for pl in view["players"]:
        p = pl["seat"]
        label = names[p]
        weight = pl["display"]["weight"]
        if scored:
            weight = last["weights"][p]
            if finals[p] != threshold:
                label += f" (own Threshold {finals[p]})"
            if last.get("drawn_in") and last["drawn_in"][p]:
                label += ", pulled in"
        marks.append({"value": weight, "label": label, "seat": p})
    top = max([threshold + 6, *(f + 2 for f in finals), *(m["value"] + 2 for m in marks)])
    low = min([0, *(m["value"] - 2 for m in marks)])
    title = "Weight against the final Threshold" if view.get("black_hole_card") else "Weight against the Threshold"
    return {"kind": "track", "id": "weights", "title": title, "min": low, "max": top,
            "line": {"value": threshold, "label": f"Threshold {threshold}"}, "marks": marks}


def _last_round_items(game: Game, last: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """The last round's scoring, one line per step, seats by name, the Black Hole as its card shows it."""
    items = []
    for key, value in last.items():
        if key == "round":
            continue
        if key == "black_hole":
            value = black_hole_name(game, value)
            value = value[:1].upper() + value[1:]
        elif isinstance(value, list) and len(value) == len(names):
            value = ", ".join(f"{names[i]} {_word(v)}" for i, v in enumerate(value))
        items.append({"label": key.replace("_", " "), "value": str(value)})
    return items


def _word(v: Any) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return "-" if v is None else str(v)

"""Mafia of Heroes (Мафик Райзен, часть 3): two factions, a card collection, a draft, nights and days.

Rules: `shared/rules/mafia.md`. This package holds the game's foundation; it is not yet in
`games/registry.py` because a game cannot be played to its end yet.

What exists:
- `collection` / `roles`: the card collection and the roles as validated data files
  (`data/mafia/collection.json`, `data/mafia/roles.json`).
- `options`: house rules (players 10–12, a moderator's 8–14 allowance, open/anonymous mode, pace
  live/forum with the page's deadlines, end_when_all_done, what to do with absent players) and
  the sign-up data `Join` (wanted and spare public role, the Student's colour, consent).
- `state`: seats (public and secret role, faction, colour, deck, hand, sleeve, reserve, discard,
  alive, armor), the draft, the artifact.
- `setup`: public roles by sign-up order, secret roles, the Student rule; `draft`: the whole draft
  and the artifact's first holder; `opening`: decks, opening hands, the Jester's choice, the mafia's
  Night 1 snapshot; `deck`: drawing. The state then stands at the start of Night 1 with no prompts
  and `over` False.
- `view`, `summary`, `bot` (draft policy), `engine` (dispatch).

What comes next: the night and day order sheets (games.core.orders) with card play, costs and
targets; Lucky's Night 1 redraw (an order of Night 1); the resolution order of the page (costs,
cancelling, cards changing hands, information, armor and damage, draws, deaths, messages, victory);
the mafia's kill, the veche, the Leader, the artifact's passing; the secret-role abilities (Boss,
Killer, Advisor) and the public roles' abilities; results.

Points the page leaves open, as settled here:
- Public roles: seats are resolved in sign-up order — each takes the wanted role if free, else the
  spare if free; seats left without one then get a random free role, in seat order.
- A player who signs up with no wishes (a bot seat) needs no consent; any wish needs consent.
  A colour may be named only with the Student as wanted or spare role; a Student who named none
  gets a random colour (told privately).
- Draft offers are independent weighted draws (duplicates possible). A law Student's card comes
  from his colour with the role's `colour_chance` (60 %), otherwise from the two other colours.
  Rounds are simultaneous: a round's offers appear together once everyone has picked in the
  previous round; picks are changeable until then.
- The artifact's picker is asked during round 1 (changeable until the draft ends); with the
  Swindler in play, the picker is the Swindler with his chance (50 %), otherwise a random other
  player. The holder is told when the draft ends.
- The Jester chooses his opening hand from his deck listed in collection order (not deck order);
  his hand takes the order he lists. The mafia's snapshot gives deck contents without their order,
  and each member's mafia role.
"""

from games.mafia.engine import MafiaEngine

ENGINE = MafiaEngine()

__all__ = ["ENGINE", "MafiaEngine"]

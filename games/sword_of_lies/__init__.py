"""Sword of Lies (Меч Лжи): castling, poker betting and a war of swords and shields.

Rules: `shared/rules/sword_of_lies.md`. Modules: `cards` (the shoe), `options` (house rules),
`state`, `setup` (buy-ins, deal, opening draw), `phase1` (castling), `phase2` (betting rounds
and reveal circles, on top of `betting`/`pots`), `phase3` (war), `settlement` (ranking and pots),
`view`, `bot`, `engine` (dispatch).

Points the rules page leaves open, as this engine settles them:
- Players: 3–12 (the rules set no maximum; 12 keeps one table message readable).
- Seats are 0-based in the engine (player number = seat + 1); positions are 1-based.
- Buy-ins come from the lobby (`Options.buy_ins`, seat → chips, missing seats buy in with
  `min_buy_in`), or, with `ask_buy_ins`, from public changeable number prompts that open the game
  (deadline default: the minimum). The deal happens once every buy-in is in. Buy-ins are capped at
  1 000 000 chips.
- The shoe holds ceil((players × (hand_size + 1) + 4 × players) / 52) decks; if tie re-draws
  ever empty it, the drawn cards are shuffled back in. Cards are dealt one at a time, clockwise
  from seat 0; everyone draws for the first move in seat order.
- Phase I: every prompt of a move (move, positions, target, price, colour, believe) is a secret
  (DM) prompt; the channel sees whose turn it is, interrogations, statements, marks and finished or
  refused trades (who with whom; positions and price only for a done trade). Every step of
  composing a move offers Back and Pass; a deadline at any step passes the turn. A price is 1..the
  proposer's stack (accepting for free is its own option); if the proposer has no chips only a
  free trade can be offered. The proposer's answer to a price deadlines to "refuse".
- Phase I also ends after a full circle of passes in a row (players × passes): the senior blind is
  then the player with the most marked cards, ties nearest clockwise from the last mover.
  (A trade can never complete two players at once: the "several completed" rule is implemented
  for any move.)
- Phase II: a number in the bet prompt is the round total to bet/raise to; the whole stack is an
  all-in. Reveal prompts are secret (they show your faces); deadline kind "reveal" (60 s).
  A revealed card goes to the right end of the row (revealed cards keep their reveal order).
  With `folded_cards_count` off, a fold takes back every sword the folder's revealed cards gave.
  When everyone else folds, the last player takes every pot (rake applies) and the game ends.
- Phase III: a player must give an order when they have a sword, a card and an opponent with a
  card; the war ends when nobody does. Every step of an order offers "random standard attack"
  (the deadline default) and Back; a complete order can be changed until everyone has ordered.
  Negotiation: one public changeable prompt per remaining player with "ready" and "pay <player>"
  (pick a recipient, then enter the amount, as often as wanted); the prompt keeps its id for the
  whole negotiation, so its deadline is the negotiation's. Ready is final for the cycle (so that an
  expired deadline cannot be undone into a stall), but a ready player can still pay. Any player may
  be paid, folded ones included.
- Sturdy shields: a shield hit by exactly one sword in a round is untouched (a cost still flips
  it); two or more swords destroy it whatever the cost.
- Winners (Results.winners) are the best-ranked group after the war (or the last player standing);
  scores are net chips (final stack − buy-in).
"""

from games.core.spec import GameSpec
from games.sword_of_lies import spec
from games.sword_of_lies.engine import SwordOfLiesEngine
from games.sword_of_lies.feats import FEATS

ENGINE = SwordOfLiesEngine()
SPEC = GameSpec(ENGINE, record=spec.RECORD, feats=FEATS)
"""The game as the runtime knows it (games.core.spec): games/registry.py finds it here."""

__all__ = ["ENGINE", "SPEC", "SwordOfLiesEngine"]

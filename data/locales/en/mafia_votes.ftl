## Mafia of Heroes: the veche, the Leader, the beating's reveal, the artifact, victory

## Refusals (the order sheet's disabled options)
mafia-vote-refusal-dead = { $player_is_you ->
    [yes] You are
   *[no] { $player } is
} no longer alive.
mafia-vote-refusal-self = You cannot vote for yourself.
mafia-vote-refusal-mafia = { $player_is_you ->
    [yes] You are
   *[no] { $player } is
} a Mafia member: the Mafia does not kill its own.
mafia-vote-refusal-sociopath = The Sociopath cannot be chosen on Night 1 and Day 1.
mafia-vote-refusal-wounded = A mortally wounded Avenger cannot be voted for at the veche.
mafia-vote-refusal-leader = The current Leader cannot be voted for ({ $player }).
mafia-vote-refusal-no-veche = There is no veche today: only two characters are alive.
mafia-artifact-refusal-not-holder = You do not hold the artifact.
mafia-artifact-refusal-self = You already hold the artifact: pass it to someone else.
mafia-artifact-refusal-dead = { $player_is_you ->
    [yes] You are
   *[no] { $player } is
} no longer alive.

## The veche
mafia-veche-skipped = ⚖ Only two characters are alive: there is no veche today.
mafia-veche-no-votes = ⚖ Nobody voted at the veche: nothing happens.
mafia-veche-result = ⚖ The veche. Votes per character:
    { $totals }
    For execution: { $execution }. For beating: { $beating }.
mafia-veche-line-total = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $votes } { $votes ->
    [one] vote
   *[other] votes
}
mafia-veche-execution = ⚔ The veche chooses execution: { $player_is_you ->
    [yes] you take
   *[no] { $player } takes
} { $damage } damage.
mafia-veche-beating = 👊 The veche chooses a beating: { $player_is_you ->
    [yes] you take
   *[no] { $player } takes
} { $damage } damage. Next night everyone learns the colour of the card { $player_is_you ->
    [yes] you play
   *[no] { $player } plays
} from the hand.
mafia-veche-tie = ⚖ Two characters share the most votes: { $first } and { $second } take { $damage } damage each.
mafia-veche-nothing = ⚖ More than two characters share the most votes: nothing happens.

## The beating's reveal (the end of the next night)
mafia-beating-colour = 👁 After the beating at the veche: tonight { $player_is_you ->
    [yes] you
   *[no] { $player }
} played a card of colour { $colour } from the hand.
mafia-beating-none = 👁 After the beating at the veche: { $player_is_you ->
    [yes] you
   *[no] { $player }
} played no card from the hand tonight.

## The Leader
mafia-leader-votes = 👑 The Leader vote:
    { $votes }
    Totals:
    { $totals }
mafia-leader-line-vote = { $voter_is_you ->
    [yes] You
   *[no] { $voter }
} → { $candidate_is_you ->
    [yes] you
   *[no] { $candidate }
}
mafia-leader-line-total = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $votes } { $votes ->
    [one] vote
   *[other] votes
}
mafia-leader-no-votes = 👑 Nobody voted for a Leader.
mafia-leader-nobody = 👑 The votes are split and nobody has the most: there is no Leader for the next night and day.
mafia-leader-elected = 👑 { $player_is_you ->
    [yes] You are
   *[no] { $player } is
} the Leader for the next night and day.

## The artifact (private to the holders; "gm" events only in the game master's log)
mafia-artifact-passed = 🏺 You pass the artifact on. Its new holder: { $player }.
mafia-artifact-passed-random = 🏺 The artifact went to a random character who had never held it: { $player }.
mafia-artifact-received = 🏺 You now hold the artifact: it gives you { $armor } armor every night. Each day you pass it on, secretly.
mafia-artifact-destroyed-all-held = 🏺 Everyone alive has already held the artifact: it is destroyed.
mafia-artifact-gm-destroyed-dead = 🏺 The artifact is destroyed together with its holder: { $player }.
mafia-artifact-gm-destroyed-all-held = 🏺 The artifact is destroyed: everyone alive has held it (the last holder: { $player }).
mafia-artifact-gm-passed = 🏺 The artifact: { $holder } → { $player }.
mafia-artifact-gm-armor = 🏺 The artifact went from one Mafia member to another: { $player_is_you ->
    [yes] you get
   *[no] { $player } gets
} { $armor } armor next night.

## Victory and the full reveal
mafia-victory-mafia = 🏁 The Mafia wins: only Mafia members are left alive. { $winners_count ->
    [one] Winner
   *[other] Winners
}: { $winners }.
    Who was who:
    { $reveal }
mafia-victory-law = 🏁 The Law wins: the Mafia is wiped out. { $winners_count ->
    [one] Winner
   *[other] Winners
}: { $winners }.
    Who was who:
    { $reveal }
mafia-victory-draw = 🏁 A draw: nobody is left alive.
    Who was who:
    { $reveal }
mafia-victory-artifact = 🏺 The artifact's holders in order: { $holders }{ $destroyed ->
    [yes] ; it was destroyed.
   *[no] .
}
mafia-victory-artifact-never = 🏺 The artifact never had a holder.

## The full reveal (the victory message; the game master's table in a finished game's transcript)
mafia-reveal-seat = { $alive ->
    [no] ☠{" "}
   *[yes] {""}
}{ $player_is_you ->
    [yes] You
   *[no] { $player }
} — { $public_role }{ $student ->
    [yes] {" "}(colour: { $colour })
   *[no] {""}
}, { $faction }{ $mafia ->
    [yes] {" "}({ $role })
   *[no] {""}
}. Deck: { $deck }. Hand: { $hand }. Sleeve: { $sleeve }.
mafia-reveal-cards = { $count ->
    [1] { $card }
   *[other] { $card } ×{ $count }
}

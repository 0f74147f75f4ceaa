## The terminal's `?` in Castle: the exits of your hall and where every artifact lies.

castle-guide-exits = 🚪 Exits of hall { $hall }:
    { $lines }
castle-guide-exit = → { $hall }{ $passage ->
    [yes] {" "}(secret passage)
   *[no] {""}
}: { $count ->
    [0] open
   *[other] { $markers }
}
castle-guide-exit-removed = → { $hall }: removed for good (Flame of Udûn)
castle-guide-locked = ⛔ Locked in round { $until }
castle-guide-barricaded = 🚧 Barricaded until round { $until }
castle-guide-artifacts = 🏺 { $count ->
    [0] No artifact lies on the board.
   *[other] Artifacts:
    { $lines }
}
castle-guide-artifact-floor = in hall { $hall }: { $count }
castle-guide-artifact-carried = { $player_is_you ->
    [yes] you carry
   *[no] { $player } carries
} { $count } (hall { $hall })
castle-guide-artifact-delivered = { $player_is_you ->
    [yes] you have
   *[no] { $player } has
} delivered { $count } to the shrine { $shrine }

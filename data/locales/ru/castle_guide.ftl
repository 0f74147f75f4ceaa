## `?` в терминале, «Замок»: выходы из вашего зала и где лежит каждый артефакт.

castle-guide-exits = 🚪 Выходы из зала { $hall }:
    { $lines }
castle-guide-exit = → { $hall }{ $passage ->
    [yes] {" "}(тайный проход)
   *[no] {""}
}: { $count ->
    [0] открыт
   *[other] { $markers }
}
castle-guide-exit-removed = → { $hall }: коридор обрушен навсегда (Гнев пламени Удуна)
castle-guide-locked = ⛔ Блокировка в раунде { $until }
castle-guide-barricaded = 🚧 Баррикада до раунда { $until }
castle-guide-artifacts = 🏺 { $count ->
    [0] На поле нет ни одного артефакта.
   *[other] Артефакты:
    { $lines }
}
castle-guide-artifact-floor = в зале { $hall }: { $count }
castle-guide-artifact-carried = { $player_is_you ->
    [yes] у вас при себе
   *[no] у { NAME($player, case: "gen", fallback: "игрока") } при себе
}: { $count } (зал { $hall })
castle-guide-artifact-delivered = { $player_is_you ->
    [yes] в вашей святыне ({ $shrine })
   *[no] в святыне { NAME($player, case: "gen", fallback: "игрока") } ({ $shrine })
}: { $count }

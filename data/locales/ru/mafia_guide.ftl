## Подсказка игроку (`?` в терминале): роли со способностями, карты с текстами и личный журнал
## того, что узнал персонаж. Короткие строки способностей при подаче заявки.

mafia-guide-public-role = 🎭 Ваша явная роль: { $role }. { $ability }
mafia-guide-secret-role = 🔪 Ваша тайная роль: { $role } (Мафия). { $ability }
mafia-guide-hand = ✋ { $count ->
    [0] Рука пуста.
   *[other] Рука:
    { $cards }
}
mafia-guide-sleeve = 🧥 { $count ->
    [0] Рукав пуст.
   *[other] Рукав:
    { $cards }
}
mafia-guide-kept = 🃏 Взято на драфте:
    { $cards }
mafia-guide-log = 📓 { $count ->
    [0] Тайных сведений у вас пока нет.
   *[other] Что вы узнали:
    { $lines }
}
mafia-guide-item = • { $item }
mafia-guide-log-line = [{ $phase }] { $fact }
mafia-guide-phase-night = Ночь { $number }
mafia-guide-phase-day = День { $number }
mafia-guide-search = 🔍 Обыск ({ $player }): { $count ->
    [0] ни в Руке, ни в Рукаве карт не было.
   *[other] в Руке и Рукаве — { $cards }.
}
mafia-guide-check = 🎯 Проверка ({ $player }): { $success ->
    [yes] удача.
   *[no] неудача.
}
mafia-guide-tracker = 📡 Маячок ({ $target }): { $player } — { $cards }.
mafia-guide-tracker-voter = 📡 Маячок: голос { NAME($player, case: "gen", fallback: "персонажа") } — за убийство мафией, значит, это мафия.
mafia-guide-beating = 🩸 Избиение ({ $player }): карта, сыгранная из Руки той ночью, — цвета «{ $colour }».
mafia-guide-snapshot = 🔪 { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $role } (Мафия), { $count ->
    [0] Рука пуста.
   *[other] в Руке — { $cards }.
}

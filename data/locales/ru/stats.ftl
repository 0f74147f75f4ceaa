## Результаты, статистика, таблицы лидеров, история и отсутствующие игроки (cogs/stats.py, сообщение о ходе игры).

cmd-stats = Игры, победы и очки игрока на этом сервере
opt-stats-player = Чья статистика (ваша, если не указано)
cmd-leaderboard = Лучшие игроки игры на этом сервере
opt-leaderboard-game = Какая игра
cmd-history = Законченные игры сервера или запись одной игры
opt-history-game = Номер игры: её запись и полный протокол (для её игроков и модераторов)
opt-history-page = Какая страница списка
opt-absent-after = Сколько сроков подряд можно пропустить, пока место не займёт бот (0 — без предела)
cmd-back = Вернуть себе место, которое занял бот

stats-empty = У { NAME($player, case: "gen", fallback: "игрока") } ещё нет законченных игр на этом сервере.
stats-title = 📊 { $player } на этом сервере: { $games ->
    [one] { $games } игра
    [few] { $games } игры
   *[many] { $games } игр
}, { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
   *[many] { $wins } побед
}.
stats-game-line = **{ $game }**: игр { $games }, побед { $wins }, очков { $points }
stats-role-line = · в роли «{ $role }»: { $times ->
    [one] { $times } раз
    [few] { $times } раза
   *[many] { $times } раз
}

leaderboard-empty = На этом сервере ещё нет законченных игр «{ $game }».
leaderboard-title = 🏆 { $game } — лучшие на этом сервере:
leaderboard-line = { $place }. { $player }: очков { $points } (игр: { $games }, побед: { $wins })

history-empty = На этом сервере ещё нет законченных игр.
history-title = 📜 Законченные игры сервера, сначала новые (страница { $page } из { $pages }):
history-line = №{ $id } { $game }, { $when }: { $players }. Победа: { $winners }
history-files = Игра №{ $id } ({ $game }): её запись и полный протокол.
history-not-yours = Запись игры №{ $id } могут читать только её игроки и модераторы.
history-not-over = Игра №{ $id } ещё идёт; её запись откроется, когда она закончится.
history-no-game = На этом сервере нет игры №{ $id }.
transcript-title = { $game } №{ $id }: запись игры
transcript-players = Игроки и результаты:
transcript-player = { $seat }. { $player }: { $score } { $won ->
    [yes] 🏆
   *[no] {""}
}
transcript-reveal = Всё, что открылось в конце:
transcript-log = Ход игры:
transcript-gm = 🛡 Ведущему:
transcript-private = 🔒 { $players }:

status-chosen-count = Выбор сделан: { $done } из { $total }.

settings-absent = Отсутствующие игроки: { $misses ->
    [0] бот не занимает их место
    [one] бот занимает место после { $misses } пропущенного срока подряд
    [few] бот занимает место после { $misses } пропущенных сроков подряд
   *[many] бот занимает место после { $misses } пропущенных сроков подряд
}.
absent-took-seat = { $player }: пропущено сроков подряд — { $misses }, место занимает бот. Вернуть его можно командой /вернуться.
absent-mod-notice = Модераторам: в игре №{ $id } место { NAME($player, case: "gen", fallback: "игрока") } занял бот (пропущенные сроки).
absent-dm = Вы пропустили несколько сроков подряд, и ваше место в игре №{ $id } занял бот. Чтобы снова играть, нажмите «Вернуть своё место» ниже или используйте /вернуться в канале игры.
back-done = С возвращением: место снова ваше.
back-button = Вернуть своё место
back-not-absent = В игре этого канала у вас нет места, которое бот занял за вас.
back-not-absent-game = В игре №{ $id } бот не занимает ваше место (оно уже ваше или игра окончена).
back-returned = { $player } снова в игре и играет за своё место.

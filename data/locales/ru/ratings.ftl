## Рейтинги, сезоны, надёжность и достижения (bot/ratings/, cogs/stats.py, bot/ratings/text.py).

opt-leaderboard-season = Какой сезон (текущий, если не указано)
cmd-gm-season = Рейтинговые сезоны
cmd-gm-season-start = Закрыть текущий рейтинговый сезон и начать новый
opt-season-name = Название нового сезона
opt-min-reliability = Минимальная надёжность (% доигранных игр) для участия в играх (0 — без ограничения)
opt-leaderboard-games = Сколько рейтинговых игр нужно, чтобы попасть в таблицу лидеров (по умолчанию 5)

season-title = { $name ->
    [none] Сезон { $number }
   *[other] Сезон { $number } «{ $name }»
}
leaderboard-rated-title = 🏆 { $game }, { $season }: рейтинг на этом сервере
leaderboard-rated-line = { $rank }. { $player }: **{ $rating }** ({ $games ->
    [one] { $games } рейтинговая игра
    [few] { $games } рейтинговые игры
   *[many] { $games } рейтинговых игр
})
leaderboard-rated-empty = { $season }: в таблице «{ $game }» пока никого нет: для места в ней { $needed ->
    [one] нужна { $needed } рейтинговая игра
    [few] нужны { $needed } рейтинговые игры
   *[many] нужно { $needed } рейтинговых игр
}.
leaderboard-rated-footer = Рейтинг — осторожная оценка мастерства (μ − 3σ; у всех начинается с 1000). В таблицу попадают после { $needed ->
    [one] { $needed } рейтинговой игры
   *[other] { $needed } рейтинговых игр
}.
leaderboard-no-season = На этом сервере нет сезона { $number }.

stats-rating-title = 📊 { $player }, { $season }:
stats-rating-none = В этом сезоне рейтинговых игр пока нет.
stats-rating-ranked = **{ $game }**: рейтинг **{ $rating }**, { $rank }-е место на сервере ({ $games ->
    [one] { $games } рейтинговая игра
    [few] { $games } рейтинговые игры
   *[many] { $games } рейтинговых игр
})
stats-rating-unranked = **{ $game }**: рейтинг **{ $rating }**, в таблице лидеров — после ещё { $needed ->
    [one] { $needed } рейтинговой игры
   *[other] { $needed } рейтинговых игр
}
stats-trend = · динамика { $games ->
    [1] за последнюю игру
    [one] за последние { $games } игру
    [few] за последние { $games } игры
   *[many] за последние { $games } игр
}: { $spark } ({ $delta })
stats-partners = · лучшие напарники: { $list }
stats-partner = { $player } (вместе побед: { $wins } из { $games })
stats-rivals = · самые сильные соперники: { $list }
stats-rival = { $player } (чаще выше в таблице на { $ahead }, встреч: { $games })
stats-reliability = 🤝 Надёжность: { $percent }%, доиграно до конца { $finished } из { $games } (место занял бот за пропуски: { $afk }; выход через /выйти: { $left }; замена: { $replaced })
stats-reliability-none = 🤝 Надёжность: законченных игр пока нет.
stats-achievements = 🏅 Достижения: { $list }
stats-achievement = { $name }{ $times ->
    [1] {""}
   *[other] {" "}×{ $times }
}
stats-achievements-none = 🏅 Достижения: пока нет.
stats-totals = За все сезоны:

gm-season-started = { $old } закрыт, его таблица сохранена (/рейтинг сезон:{ $old_number }). Дальше — { $new }: рейтинги у всех начинаются заново.
gm-season-name-bad = Название сезона — от 1 до 50 символов.

settings-ratings = Рейтинги: в таблицу лидеров попадают после { $games ->
    [one] { $games } рейтинговой игры
   *[other] { $games } рейтинговых игр
}; { $percent ->
    [0] участвовать в играх может любой
   *[other] для участия в играх нужна надёжность от { $percent }%
}.

lobby-unreliable = Вступать в игры на этом сервере пока нельзя: нужна надёжность от { $needed }%, а у вас { $percent }% (доиграно { $finished } из { $games }). Место вам по-прежнему может дать модератор.
player-left-game = { $player } покидает игру: место до конца занимает бот.
leave-running-done = Вы вышли из игры №{ $id }: ваше место до конца займёт бот. В вашей надёжности это считается уходом из игры.

achievements-earned = 🏅 Достижения игры №{ $id }:
achievements-earned-line = { $player }: «{ $name }» — { $about }

cli-ratings-rebuilt = Рейтинги пересчитаны по сохранённым результатам: { $games ->
    [one] учтена { $games } игра
    [few] учтены { $games } игры
   *[many] учтено { $games } игр
}, { $ratings ->
    [one] { $ratings } рейтинг
    [few] { $ratings } рейтинга
   *[many] { $ratings } рейтингов
}.

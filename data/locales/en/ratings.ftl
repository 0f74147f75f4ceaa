## Ratings, seasons, reliability and achievements (bot/ratings/, cogs/stats.py, bot/ratings/text.py).

opt-leaderboard-season = Which season (the current one if left out)
cmd-gm-season = Rating seasons
cmd-gm-season-start = Close the current rating season and start a new one
opt-season-name = The new season's name
opt-min-reliability = Least reliability (% of games finished) a member needs to join a game (0: none)
opt-leaderboard-games = Rated games a member needs to appear on a leaderboard (default 5)

season-title = { $name ->
    [none] Season { $number }
   *[other] Season { $number }: { $name }
}
leaderboard-rated-title = 🏆 { $game }, { $season }: the rating on this server
leaderboard-rated-line = { $rank }. { $player }: **{ $rating }** ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
})
leaderboard-rated-empty = Nobody has played enough rated { $game } games in { $season } yet ({ $needed } needed).
leaderboard-rated-footer = Rating: a cautious estimate of skill (μ − 3σ; everyone starts at 1000). A member appears after { $needed ->
    [one] { $needed } rated game
   *[other] { $needed } rated games
}.
leaderboard-no-season = This server has no season { $number }.

stats-rating-title = 📊 { $player }, { $season }:
stats-rating-none = No rated games in { $season } yet.
stats-rating-ranked = **{ $game }**: rating **{ $rating }**, place { $rank } on the server ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
})
stats-rating-unranked = **{ $game }**: rating **{ $rating }**, on the leaderboard after { $needed ->
    [one] { $needed } more rated game
   *[other] { $needed } more rated games
}
stats-trend = · trend { $games ->
    [1] in the last game
   *[other] over the last { $games } games
}: { $spark } ({ $delta })
stats-partners = · best partners: { $list }
stats-partner = { $player } (won { $wins } of { $games } together)
stats-rivals = · toughest rivals: { $list }
stats-rival = { $player } (ahead { $ahead } more { $ahead ->
    [one] time
   *[other] times
} in { $games } games)
stats-reliability = 🤝 Reliability: { $percent }%, { $finished } of { $games ->
    [one] { $games } game
   *[other] { $games } games
} finished (a bot took the seat after missed deadlines: { $afk }; left with /leave: { $left }; replaced: { $replaced })
stats-reliability-none = 🤝 Reliability: no finished games yet.
stats-achievements = 🏅 Achievements: { $list }
stats-achievement = { $name }{ $times ->
    [1] {""}
   *[other] {" "}×{ $times }
}
stats-achievements-none = 🏅 Achievements: none yet.
stats-totals = All seasons:

gm-season-started = { $old } is closed; its table stays (/leaderboard season:{ $old_number }). { $new } begins: everyone's rating starts afresh.
gm-season-name-bad = A season's name is 1 to 50 characters long.

settings-ratings = Ratings: a member appears on a leaderboard after { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}; { $percent ->
    [0] anyone may join a game
   *[other] joining a game needs a reliability of { $percent }%
}.

lobby-unreliable = You can't join games on this server yet: it asks for a reliability of { $needed }%, and yours is { $percent }% ({ $finished } of { $games } games finished). A moderator can still give you a seat.
player-left-game = { $player } left the game: a bot player takes the seat to the end.
leave-running-done = You left game #{ $id }: a bot player plays your seat to the end. It counts as a game left in your reliability.

achievements-earned = 🏅 Achievements of game #{ $id }:
achievements-earned-line = { $player }: “{ $name }”, { $about }

cli-ratings-rebuilt = Ratings rebuilt from the saved results: { $games ->
    [one] { $games } game rated
   *[other] { $games } games rated
}, { $ratings ->
    [one] { $ratings } rating
   *[other] { $ratings } ratings
}.

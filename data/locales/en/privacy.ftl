## Members' data: /privacy, /forget-me, /gm forget (bot/privacy.py, cogs/privacy.py).

cmd-privacy = What the bot keeps about you, and for how long
cmd-forget-me = Remove your Discord id and name from finished games and statistics
cmd-gm-forget = Forget a member who left: this server's finished games and statistics
opt-gm-forget-member = The member who left the server
privacy-former-player = a former player
privacy-former-bot = Bot for a former player
privacy-text = 🔒 **What this bot keeps about you**
    • For each game you sit in: your Discord id, your display name at the time, your server, what you chose at each step and what the game showed you (its log, so a game can be resumed, checked and exported).
    • For each finished game: your result (points, a win, your role), which /stats, /leaderboard and /history show on that server.
    • For each server: your rating in each game and season, your record of games finished and left, and your achievements (all worked out from your results), which /stats and /leaderboard show.
    • For game nights: your sign-up (coming, maybe, not coming, and the game's sign-up answers), the nights you planned, your /notify subscriptions and your own time zone.
    • Messages waiting to be sent to you, until they are sent.
    • In memory only, never saved: the reply tokens of your last clicks (Discord keeps them for 15 minutes).
    ⏳ **How long:** { $days ->
        [0] finished games' full records are kept until the host removes them, and results until you ask.
       *[other] finished games' full records are deleted { $days } { $days ->
            [one] day
           *[other] days
        } after the game ends; results (without the log) are kept until you ask.
    }
    🗑 **To be forgotten:** /forget-me removes your id and name from every finished game and every server's statistics, and your ratings and achievements; your seats become “a former player”, and the servers' game counts stay. While you are in a game that is not over, /forget-me is refused: use it again once that game has ended.
forget-confirm = ⚠️ This removes your Discord id and name from every finished game you played and from the statistics on every server. Your seats will read “a former player”; scores stay in the servers' totals, but no longer count as yours. This cannot be undone.
forget-confirm-button = Forget me
forget-cancel-button = Cancel
forget-cancelled = Nothing was changed.
forget-blocked = You are in { $count ->
        [one] a game that is not over yet
       *[other] games that are not over yet
    }: { $games }. Use /forget-me again once { $count ->
        [one] it has
       *[other] they have
    } ended.
forget-done = ✅ Done: your Discord id and name are gone from { $games ->
        [one] one game
       *[other] { $games } games
    } and { $results ->
        [one] one result
       *[other] { $results } results
    }.
gm-forget-still-member = { $member } is still a member of this server: they can use /forget-me themselves.
gm-forget-blocked = { $member } is in { $count ->
        [one] a game of this server that is not over yet
       *[other] games of this server that are not over yet
    }: { $games }. Try again once { $count ->
        [one] it has
       *[other] they have
    } ended.
gm-forget-done = ✅ Done: this server's finished games and statistics no longer name { $member } ({ $games ->
        [one] one game
       *[other] { $games } games
    }, { $results ->
        [one] one result
       *[other] { $results } results
    }).
name-privacy = privacy
name-forget-me = forget-me
name-forget = forget

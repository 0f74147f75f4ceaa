# Bot seats in a Discord lobby (/addbot) and the lobby message's Join button.
lobby-bots-added = { $bots ->
    [one] 🤖 Bot player { $names } takes a seat
   *[other] 🤖 Bot players { $names } take seats
} ({ $count } of at most { $max }).
lobby-bots-no-room = There is no room for that many bot players: { $free } of { $max } seats are free.
lobby-bot-level-unknown = There is no bot level “{ $level }”: the levels are { $levels }.
lobby-button-stale = Game #{ $id } is no longer being set up here.
lobby-join-button = Join

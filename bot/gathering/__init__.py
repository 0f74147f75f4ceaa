"""Gathering the table: game nights planned ahead (schedules), who signs up for them, members asking to be
told when a lobby fills (subscriptions), and the times people type, in their own language and zone. No
Discord here: bot/discord/gathering.py sends what these plan, cogs/schedule.py takes the commands.

    times.py      what people type → a moment (dateparser, zoneinfo); time-of-day deadlines
    model.py      the saved rows, the stages of a night (reminders, the opening) and who is seated
    nights.py     the schedules' life: made, signed up for, reminded, opened (bot/lobby.py), cancelled
    notify.py     "call me when N are waiting": who is told about a lobby, within the spam limits
"""

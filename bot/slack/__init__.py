"""Slack adapter: a Bolt app that turns thread messages into Turns and posts Replies back.

Module map: settings (env), payloads/blocks/modal (pure functions over dicts), state (thread membership,
de-dup, delivery steps: in-memory or Redis), middleware (event de-dup), intake (events acknowledged but not
yet enqueued, run again after a crash), listeners (event → Turn → enqueue), files (download with the bot
token, from Slack only), replier (Reply → thread), status (slash-command status), watch (timeout notices),
app (build the Bolt App), guard (the HTTP endpoint's limits and checks before Bolt), server (waitress or
Socket Mode, and the delivery worker).
"""

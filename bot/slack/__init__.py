"""Slack adapter: a Bolt app that turns thread messages into Turns and posts Replies back.

Module map: settings (env), payloads/blocks/modal (pure functions over dicts), state (thread membership,
de-dup, delivery steps: in-memory or Redis), middleware (event de-dup), listeners (event → Turn → enqueue),
files (download with the bot token), replier (Reply → thread), status (slash-command status), watch
(timeout notices), app (build the Bolt App), server (HTTP or Socket Mode, and the delivery worker).
"""

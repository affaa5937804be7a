"""Microsoft Teams adapter (Bot Framework SDK, botbuilder 4.17).

Everything that knows botbuilder lives in this package, behind ``app.build_app`` (inbound) and
``replier.TeamsReplier`` (outbound), so a later move to the Microsoft 365 Agents SDK touches only
``bot/teams/``. The pure parts (``activities``, ``cards``, ``links``) know no SDK at all.
"""

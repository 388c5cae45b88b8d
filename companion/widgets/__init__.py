"""Reusable game widgets: the card picker, the fact question dialog, family colours, notices.

Presentation only: what may be entered comes from the session (``unseen_cards`` …); no
widget knows a game rule.
"""

"""Pieces of the «Козырные киты» screens: cards, the card picker, the deck-fact dialog, words."""

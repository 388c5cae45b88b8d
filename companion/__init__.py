"""Киты — companion app for the card game «Козырные киты»."""

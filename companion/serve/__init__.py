"""How the app is served on the computer: table mode's server (``server``) and who may reach
it (``access``)."""

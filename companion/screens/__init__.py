"""The app's screens: thin components that render state and send actions."""

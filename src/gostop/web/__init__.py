"""The web game's static client (HTML, CSS, ES modules) and its card deck, drawn by code."""

"""The bottom layer: words (``i18n``), where data lives (``paths``), the semantics identifiers
(``ids``), file names, the rules texts, a value per Flet page and the platform seam (the phone
edition's browser). Imports nothing else of the app; no Flet."""

"""The screens of «Вжух!»."""

"""The screens of «Кальмар»."""

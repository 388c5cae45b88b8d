"""The screens of «Козырные киты»."""

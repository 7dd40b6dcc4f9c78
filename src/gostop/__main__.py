"""``python -m gostop``: the same as the ``gostop`` command."""

from gostop.cli import main

if __name__ == "__main__":
    main()

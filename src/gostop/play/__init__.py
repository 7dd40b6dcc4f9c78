"""The terminal game: a person against bots, full screen (Textual) or line by line (``--plain``).

* :mod:`~gostop.play.session` -- UI-free: runs a :class:`~gostop.match.Match` with one human
  seat and bot seats, asks the human's decisions as :class:`~gostop.play.session.Prompt`
  values, narrates the events, summarises each hand, saves and resumes the match record;
* :mod:`~gostop.play.store` -- where a match in progress is saved (the data directory);
* :mod:`~gostop.play.view` -- the view models both faces draw (from the human seat's
  observation only) and :mod:`~gostop.play.narrate` -- events as sentences;
* :mod:`~gostop.play.guide` -- the help texts: keys, the rules of a preset in plain words, the
  card guide;
* :mod:`~gostop.play.plain` -- the line mode; :mod:`~gostop.play.app` -- the Textual app.

Hints (what a card would capture, sets one card away, bak stamps, what a stop would pay) come
from :mod:`gostop.hints`; no rules logic lives here. Every text for people is said in the
person's language (``--lang``: English or Korean) through the message catalogues of
:mod:`gostop.words` (``make i18n`` extracts the messages of this package too).
"""

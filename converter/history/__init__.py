"""A save's history: the tree of rounds, steps, events and typed changes (`build_history`)."""

from converter.history.tree import ChangeAt, Event, EventChild, History, Move, Round, Step, build_history

__all__ = ["ChangeAt", "Event", "EventChild", "History", "Move", "Round", "Step", "build_history"]

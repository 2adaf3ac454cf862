"""Helpers shared by tests: fakes of the outside world that speak its real protocols."""

"""Phrasing families and real values for agent.evaluation.synth (data only; see that module)."""

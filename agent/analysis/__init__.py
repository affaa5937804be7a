"""Follow-ups over a thread's earlier results (filter, sort, top N, "which is most", per-compound join, plots),
answered from the stored rows without re-running a model: see followup.follow_up."""

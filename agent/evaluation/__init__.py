"""Tool-calling evaluation in the TCDD layout (design.md §5): loading, scoring, the teacher-forced harness."""

"""The offline planner's parts: tool choice, values by kind, pool references, pairs, properties, uploads."""

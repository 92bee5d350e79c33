"""Full-text search over the rules database: Whoosh schema, analysis, index, queries (docs/search.md)."""

"""Rules reference: pages, their JSON, glossary, query model."""

-- Trigram matching for creator name and username search (ILIKE and similarity).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

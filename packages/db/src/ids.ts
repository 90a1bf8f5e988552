import { v7 } from 'uuid';

/** Ids are UUID v7 (time-ordered), made in code so the SQL works on PostgreSQL 15 too. */
export const newId = (): string => v7();

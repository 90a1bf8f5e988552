export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
} from 'drizzle-orm';
export * from './client';
export * from './ids';
export { maxNamedStatements, statementName } from './prepared';
export * from './schema/index';

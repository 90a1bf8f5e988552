export * from './auth';
export * from './common';
export * from './errors';
export * from './settings';
export * from './users';
export * from './performers';

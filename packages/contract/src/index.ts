export * from './auth';
export * from './common';
export * from './errors';
export * from './media';
export * from './performers';
export * from './reference';
export * from './settings';
export * from './users';

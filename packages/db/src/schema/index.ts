export * from './accounts';
export * from './site';

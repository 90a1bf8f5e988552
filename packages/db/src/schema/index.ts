export * from './access';
export * from './accounts';
export * from './site';
export * from './social';

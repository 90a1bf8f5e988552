export * from './access';
export * from './accounts';
export * from './site';
export * from './social';
export * from './assets';
export * from './feeds';

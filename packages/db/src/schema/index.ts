export * from './access';
export * from './accounts';
export * from './assets';
export * from './feeds';
export * from './site';
export * from './site-content';
export * from './social';
export * from './wallet';

export * from './test-database';
export * from './test-notifier';
export * from './test-emission';

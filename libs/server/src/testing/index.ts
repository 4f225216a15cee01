export * from './test-database';
export * from './template-database';
export * from './test-notifier';
export * from './test-emission';
export * from './record-statements';

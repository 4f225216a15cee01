export * from './money/amount';
export * from './money/hive-asset';
export * from './account/hive-username';
export * from './account/registration';
export * from './account/starting-city';

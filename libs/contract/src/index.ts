export * from './common/routes';
export * from './common/errors';
export * from './common/schemas';
export * from './auth/auth.contract';
export * from './referrals/referrals.contract';
export * from './city/city.contract';
export * from './wallet/wallet.contract';

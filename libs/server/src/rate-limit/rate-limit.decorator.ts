import { applyDecorators, SetMetadata } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';

export const LOGIN_RATE_LIMIT = 'runik:login-rate-limit';

/**
 * The stricter limit of the public login and registration calls: AUTH_RATE_LIMIT_PER_MINUTE per
 * client address and per call, on top of the general limit every call has.
 */
export const LoginRateLimit = () => SetMetadata(LOGIN_RATE_LIMIT, true);

/** Whether a handler's calls count against the login limit too. */
export function isLoginRateLimited(handler: object, controller: object): boolean {
  return Boolean(Reflect.getMetadata(LOGIN_RATE_LIMIT, handler) ?? Reflect.getMetadata(LOGIN_RATE_LIMIT, controller));
}

const NO_RATE_LIMIT = 'runik:no-rate-limit';

/** Calls no limit counts (health checks, metrics scrapes). */
export const NoRateLimit = () => applyDecorators(SkipThrottle({ general: true, login: true }), SetMetadata(NO_RATE_LIMIT, true));

/** Whether a handler's calls count against the rate limits (for the OpenAPI document). */
export function isRateLimited(handler: object, controller: object): boolean {
  return !(Reflect.getMetadata(NO_RATE_LIMIT, handler) ?? Reflect.getMetadata(NO_RATE_LIMIT, controller));
}

import { HttpException, HttpStatus } from '@nestjs/common';

/** An error answered as `{ error: message, ...extra }` with the given status. */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, message: string, extra: Record<string, unknown> = {}) {
    super({ error: message, ...extra }, status);
  }

  static badRequest(message: string): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message);
  }
  static unauthorized(message: string): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
  static forbidden(message: string): ApiError {
    return new ApiError(HttpStatus.FORBIDDEN, message);
  }
  static notFound(message: string, extra: Record<string, unknown> = {}): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, message, extra);
  }
  static conflict(message: string): ApiError {
    return new ApiError(HttpStatus.CONFLICT, message);
  }
  /** 429 `{ error, retryAfterSeconds }`; the error filter adds the Retry-After header. */
  static tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { retryAfterSeconds });
  }
  static unavailable(message: string): ApiError {
    return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, message);
  }
}

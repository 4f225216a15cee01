import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorMessages } from '@runik/contract';
import { isTransientConflict } from '../database/transaction';
import { isOutage } from './outage';

/** What a 503 asks the caller to wait: PostgreSQL and Redis come back, or the api is restarted, in seconds. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

interface FastifyLikeError {
  statusCode?: number;
  message?: string;
}

/** Every error leaves as JSON `{ error: message }`; unexpected ones are logged and hidden. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = this.toResponse(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !reply.hasHeader('Retry-After'))
      void reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    // A limit's refusal (ApiError.tooManyRequests) says how long to wait in the header too.
    if (status === HttpStatus.TOO_MANY_REQUESTS && typeof body.retryAfterSeconds === 'number' && !reply.hasHeader('Retry-After'))
      void reply.header('Retry-After', String(body.retryAfterSeconds));
    void reply.status(status).send(body);
  }

  private toResponse(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof HttpException) {
      // An oversized body is bad input like any other: 400, as for the rest of the API.
      if (exception.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) {
        return { status: HttpStatus.BAD_REQUEST, body: { error: 'Request body is too large' } };
      }
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'error' in response && !('statusCode' in response)) {
        return { status: exception.getStatus(), body: response as Record<string, unknown> };
      }
      return { status: exception.getStatus(), body: { error: exception.message } };
    }
    // Fastify's own errors (malformed JSON, body too large, wrong content type) carry a 4xx statusCode.
    const fastifyError = exception as FastifyLikeError;
    if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return { status: fastifyError.statusCode, body: { error: fastifyError.message ?? 'Bad request' } };
    }
    // PostgreSQL or Redis out of reach: the caller may try again shortly; nothing was changed half-way
    // (a transaction that lost its connection is rolled back by the server).
    if (isOutage(exception)) {
      this.logger.warn(`Dependency unreachable: ${(exception as Error).message}`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { error: ErrorMessages.serviceUnavailable } };
    }
    // A lock cycle or serialization conflict that outlasted the transaction's own retries: nothing was
    // changed, and the same call a moment later goes through.
    if (isTransientConflict(exception)) {
      this.logger.warn(`Transaction conflict after retries: ${(exception as Error).message}`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { error: ErrorMessages.serviceUnavailable } };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
  }
}

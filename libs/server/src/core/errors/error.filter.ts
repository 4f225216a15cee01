import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { InsufficientFundsError } from '../../ledger/ledger.types';

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
    // The ledger's last line of defence: a debit that a feature's own check did not foresee.
    if (exception instanceof InsufficientFundsError) {
      return { status: HttpStatus.BAD_REQUEST, body: { error: `Not enough ${exception.asset}.` } };
    }
    // Fastify's own errors (malformed JSON, body too large, wrong content type) carry a 4xx statusCode.
    const fastifyError = exception as FastifyLikeError;
    if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return { status: fastifyError.statusCode, body: { error: fastifyError.message ?? 'Bad request' } };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
  }
}

import { Controller, Get, Header, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../auth/session.guard';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics (outside /api) in Prometheus' text format. With METRICS_TOKEN set, only for
 * `Authorization: Bearer <METRICS_TOKEN>`; without it, open outside production, refused in production.
 */
@ApiExcludeController()
@Public()
@NoRateLimit()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (token === undefined && this.config.NODE_ENV === 'production') throw ApiError.forbidden('Metrics need METRICS_TOKEN in production.');
    if (token !== undefined && !safeEqual(authorization ?? '', `Bearer ${token}`)) {
      void reply.header('WWW-Authenticate', 'Bearer');
      throw ApiError.unauthorized('A valid metrics token is required.');
    }
    const { contentType, body } = await this.metrics.render();
    void reply.header('Content-Type', contentType);
    return body;
  }
}

function safeEqual(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

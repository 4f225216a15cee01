import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/session.guard';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics (outside /api) in Prometheus' text format. An ops route: the api asks for the
 * operators' credentials or METRICS_TOKEN before it gets here (apps/api ops-access), not a session.
 */
@ApiExcludeController()
@Public()
@NoRateLimit()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { contentType, body } = await this.metrics.render();
    void reply.header('Content-Type', contentType);
    return body;
  }
}

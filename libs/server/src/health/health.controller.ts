import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../auth/session.guard';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { followerMismatch } from '../chain-follower/chain-follower';
import { HiveNodeClient } from '../chain/hive-node.client';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { REDIS } from '../core/redis/redis.module';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { TreasuryService } from '../wallet/treasury.service';

/**
 * GET /api/health (everything; in production only up or down), /api/admin/health (everything, for
 * operators: an ops route behind their credentials), /api/health/ready (PostgreSQL and Redis: may this
 * instance take traffic?) and /api/health/live (the process answers: no restart needed). A readiness
 * probe that fails takes the instance out of the load balancer; only liveness restarts it, so liveness
 * checks nothing outside the process. While shutting down every call answers 503.
 */
@Public()
@NoRateLimit()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly treasury: TreasuryService,
    private readonly hiveNode: HiveNodeClient,
    private readonly hiveEngine: HiveEngineClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * 200 when PostgreSQL and Redis answer and the chain follower follows, 503 otherwise; the details only
   * outside production.
   */
  @Get('health')
  async check(): Promise<HealthCheckResult | { status: HealthCheckResult['status'] }> {
    if (this.config.NODE_ENV !== 'production') return this.details();
    try {
      await this.ready();
    } catch {
      throw new ServiceUnavailableException({ status: 'error', error: 'PostgreSQL or Redis is unreachable.' });
    }
    if (await followerMismatch(this.dataSource.manager)) {
      throw new ServiceUnavailableException({ status: 'error', error: 'The chain follower stopped: see /api/admin/health.' });
    }
    return { status: 'ok' };
  }

  /**
   * 200 when PostgreSQL and Redis answer and the chain follower follows, 503 with details otherwise. The
   * treasury and each chain node are reported for operators but never fail the check: a short game
   * account must not take the api down, and while the chain is unreachable the game still plays
   * (payments wait for it). A follower stopped on a chain that is not the one it recorded (it started
   * over, or a node serves another one) fails it: payments made meanwhile are not credited.
   */
  @Get('admin/health')
  @ApiExcludeEndpoint()
  @HealthCheck()
  details() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () => this.redisCheck(),
      async () => this.indicators.check('treasury').up({ ...(await this.treasury.report()) }),
      async () => this.indicators.check('hiveNodes').up({ nodes: await this.hiveNode.nodeStates() }),
      async () => this.indicators.check('hiveEngineNodes').up({ nodes: await this.hiveEngine.nodeStates() }),
      () => this.chainFollowerCheck(),
    ]);
  }

  @Get('health/ready')
  @HealthCheck()
  ready() {
    return this.health.check([() => this.database.pingCheck('database', { timeout: 2000 }), () => this.redisCheck()]);
  }

  @Get('health/live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  private async chainFollowerCheck() {
    const indicator = this.indicators.check('chainFollower');
    const mismatch = await followerMismatch(this.dataSource.manager).catch((error: Error) => ({
      message: `The chain follower's cursor cannot be read: ${error.message}`,
      since: new Date(),
    }));
    return mismatch ? indicator.down({ message: mismatch.message, since: mismatch.since.toISOString() }) : indicator.up();
  }

  private async redisCheck() {
    const indicator = this.indicators.check('redis');
    try {
      await this.redis.ping();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}

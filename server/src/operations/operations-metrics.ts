import { Injectable, OnModuleInit } from '@nestjs/common';
import { statfsSync } from 'node:fs';
import { Gauge } from 'prom-client';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { Metrics, METRICS_PREFIX } from '../core/metrics/metrics';
import { readDrillStatus, readOffsiteStatus } from './backup-status';
import { OperationsRepository } from './operations.repository';

/** The outbox's channels (notifications/channel.ts): e-mail is the mail queue. */
export const OUTBOX_CHANNELS = ['email', 'whatsapp'] as const;

const ageSeconds = (now: Date, since: Date | null): number =>
  since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0;

/**
 * The gauges read when Prometheus scrapes /metrics: the queues, the database, the backups. Each
 * reads the database (or DATA_DIR/status) at that moment, so every replica reports the same state.
 */
@Injectable()
export class OperationsMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly operations: OperationsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const registers = [this.metrics.registry];
    const now = (): Date => this.clock.now();
    const operations = this.operations;
    const dataDir = this.config.dataDir;

    new Gauge({
      name: `${METRICS_PREFIX}outbox_pending`,
      help: 'Outbox deliveries not sent yet (waiting or failing), by channel; channel="email" is the mail queue.',
      labelNames: ['channel'],
      registers,
      async collect() {
        for (const channel of OUTBOX_CHANNELS) this.set({ channel }, (await operations.outbox(channel)).pending);
      },
    });
    // prom-client collects every gauge at once: each reads for itself.
    new Gauge({
      name: `${METRICS_PREFIX}outbox_oldest_pending_age_seconds`,
      help: 'Age of the oldest unsent outbox delivery, by channel (0 when none waits).',
      labelNames: ['channel'],
      registers,
      async collect() {
        for (const channel of OUTBOX_CHANNELS) {
          this.set({ channel }, ageSeconds(now(), (await operations.outbox(channel)).oldest));
        }
      },
    });

    new Gauge({
      name: `${METRICS_PREFIX}payment_notifications_pending`,
      help: "Mercado Pago's notifications stored but not processed yet.",
      registers,
      async collect() {
        this.set((await operations.paymentNotifications()).pending);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}payment_notifications_oldest_pending_age_seconds`,
      help: 'Age of the oldest unprocessed Mercado Pago notification (0 when none waits).',
      registers,
      async collect() {
        this.set(ageSeconds(now(), (await operations.paymentNotifications()).oldest));
      },
    });

    new Gauge({
      name: `${METRICS_PREFIX}database_ping_seconds`,
      help: 'Time one trivial query to the database took, measured at the scrape.',
      registers,
      async collect() {
        this.set(await operations.pingSeconds());
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}database_pool_connections`,
      help: "The MySQL pool's connections: total open, idle, and requests waiting for one (absent on SQLite).",
      labelNames: ['state'],
      registers,
      collect() {
        const pool = operations.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });

    new Gauge({
      name: `${METRICS_PREFIX}offsite_backup_last_success_timestamp_seconds`,
      help: 'When the newest off-site backup finished (Unix time; 0 before the first one).',
      registers,
      collect() {
        const status = readOffsiteStatus(dataDir);
        this.set(status.lastSuccessAt ? status.lastSuccessAt.getTime() / 1000 : 0);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}offsite_backup_age_seconds`,
      help: 'Seconds since the newest off-site backup finished (+Inf before the first one).',
      registers,
      collect() {
        const { lastSuccessAt } = readOffsiteStatus(dataDir);
        this.set(lastSuccessAt ? ageSeconds(now(), lastSuccessAt) : Infinity);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}restore_drill_last_timestamp_seconds`,
      help: 'When the last restore drill ran (Unix time; 0 before the first one).',
      registers,
      collect() {
        const drill = readDrillStatus(dataDir);
        this.set(drill ? drill.at.getTime() / 1000 : 0);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}restore_drill_failed`,
      help: 'Whether the last restore drill failed (1) or passed (0); 0 before the first one.',
      registers,
      collect() {
        const drill = readDrillStatus(dataDir);
        this.set(drill && !drill.ok ? 1 : 0);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}data_disk_used_ratio`,
      help: "How full the disk holding DATA_DIR is (0 to 1, as df counts it: the blocks ordinary users can't get).",
      registers,
      collect() {
        this.set(diskUsedRatio(dataDir));
      },
    });
  }
}

/** The share of the disk holding `path` that is used, as `df` shows it (used / (used + available)). */
export function diskUsedRatio(path: string): number {
  const stats = statfsSync(path);
  const used = stats.blocks - stats.bfree;
  const usable = used + stats.bavail;
  return usable > 0 ? used / usable : 0;
}

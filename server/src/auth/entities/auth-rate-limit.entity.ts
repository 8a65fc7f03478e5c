import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One per-address counter of the auth endpoints (login, register, forgot and reset password):
 * AUTH_RATE_LIMIT requests per minute. Kept in the database so every replica counts together.
 */
@Entity('auth_rate_limits')
@Index('ix_auth_rate_limits_window_ends', ['windowEndsAtMs'])
export class AuthRateLimit {
  /** `auth:<client address>`. */
  @PrimaryColumn({ type: 'varchar', length: 191 })
  bucket!: string;

  /** Requests counted in the current window. */
  @Column({ type: 'int' })
  hits!: number;

  /** End of the current window, in milliseconds since the epoch (from the injected clock). */
  @Column({ name: 'window_ends_at_ms', type: 'double' })
  windowEndsAtMs!: number;
}

import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { AppConfig } from '../config/app-config';

/** argon2id with the library's defaults (64 MiB, t=3, p=4): what every real deployment uses. */
export const PASSWORD_HASH_OPTIONS: argon2.HashOptions & { raw?: false } = { type: argon2.argon2id };

/**
 * Under NODE_ENV=test only: argon2id at its smallest cost. The suites create hundreds of accounts
 * and test the rules around passwords, not argon2's cost; each hash takes ~5 ms instead of ~100+.
 * A hash records its own parameters, so verifying works whichever options made it.
 */
export const TEST_PASSWORD_HASH_OPTIONS: argon2.HashOptions & { raw?: false } = {
  type: argon2.argon2id,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};

@Injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions & { raw?: false };

  constructor(config: AppConfig) {
    this.options = config.nodeEnv === 'test' ? TEST_PASSWORD_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}

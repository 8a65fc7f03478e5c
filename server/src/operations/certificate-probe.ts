import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import { AppConfig } from '../core/config/app-config';

/** When the certificate the site's public address (APP_URL) answers with expires; null without HTTPS or an answer. */
@Injectable()
export class CertificateProbe {
  constructor(private readonly config: AppConfig) {}

  expiry(): Promise<Date | null> {
    const url = new URL(this.config.appUrl);
    if (url.protocol !== 'https:') return Promise.resolve(null);
    return new Promise((done) => {
      const socket = connect({
        host: url.hostname,
        port: Number(url.port || 443),
        // SNI takes names only.
        ...(isIP(url.hostname) ? {} : { servername: url.hostname }),
        // The expiry is what is asked, whoever signed it (Caddy's local CA on a trial install).
        rejectUnauthorized: false,
        timeout: 5000,
      });
      const finish = (value: Date | null) => {
        socket.destroy();
        done(value);
      };
      socket.once('secureConnect', () => {
        const validTo = socket.getPeerCertificate().valid_to;
        finish(validTo ? new Date(validTo) : null);
      });
      socket.once('timeout', () => finish(null));
      socket.once('error', () => finish(null));
    });
  }
}

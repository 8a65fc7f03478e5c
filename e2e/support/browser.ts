import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = resolve(__dirname, '..', 'artifacts');

/** Debian's Chromium, quiet and offline (never a downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageWatch {
  consoleErrors: string[];
  /** Requests that left 127.0.0.1. */
  externalRequests: string[];
}

/** Records console errors and requests to other hosts while a test runs. */
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { consoleErrors: [], externalRequests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A guest's session check (when the browser asks again, after the session went stale) answers
    // 401 by design; Chromium logs every 4xx load. The first page never asks: the server sends it.
    if (message.location().url.endsWith('/api/get-cookie') && message.text().includes('401')) return;
    watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') watch.externalRequests.push(request.url());
  });
  return watch;
}

export const screenshotPath = (name: string): string => join(ARTIFACTS, `${name}.png`);

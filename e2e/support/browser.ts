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
  const browser = await chromium.launch({
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
  // Every page opened by the tests waits, after goto and reload, until the server-rendered page is
  // hydrated: a click on its markup before that does nothing yet.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => waitForHydration(await newPage(), options?.javaScriptEnabled !== false);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => waitForHydration(await newPage(options), options?.javaScriptEnabled !== false);
  return browser;
}

/** The router deletes the server's state (`window.$_TSR`) once the page is hydrated. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });

function waitForHydration(page: Page, javaScriptEnabled: boolean): Page {
  if (!javaScriptEnabled) return page;
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await hydrated(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await hydrated(page);
    return response;
  };
  return page;
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
    // The 404 page's own status, which Chromium reports for the document.
    if (message.location().url === page.url() && message.text().includes('status of 404')) return;
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

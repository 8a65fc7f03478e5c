// How the production server is started, in one place: `npm start`, the bench, Lighthouse and the
// deploy check start it with these arguments, and `npm run test:image` fails when the Docker image's
// CMD or `npm run serve` start it otherwise.
//
// --max-semi-space-size=32 (MB): V8's young generation, where each request's and each page's
// short-lived objects live. The default (16 MB on 64-bit) fills in a few requests under load, and
// every scavenge copies what is still alive: measured on a quiet machine in one run each
// (`npm run bench`, SQLite), the server-rendered /pilates/reservar went from 8.0 to 6.8 ms of CPU
// per page (153 → 180 req/s, p99 262 → 218 ms at 20 connections) and the day view from 505 to
// 461 µs per request. It costs up to 3 × 32 MB of memory instead of 3 × 16.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32'];

/** The server's entry point, relative to the repository's root. */
export const SERVER_ENTRY = 'server/dist/main.js';

import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Seeds the demo catalogue into a temporary data dir, serves it on a port chosen at
 * run time, and hands its address to the tests as SHOP_E2E_URL. */
export default async function globalSetup() {
  const bin = process.env.SHOP_BIN;
  if (!bin) throw new Error('SHOP_BIN must name the shop binary (make test sets it)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  // The test server uses only its temporary data dir, whatever the caller's environment says.
  const { SHOP_DATABASE_URL: _database, SHOP_MEDIA: _media, ...inherited } = process.env;
  // Cards are paid through the offline test provider the binary serves under /testpsp/.
  // Webhooks reach the receivers the tests start on 127.0.0.1 (docs/DESIGN.md §13).
  const env = { ...inherited, SHOP_LOG: 'info,sqlx=warn', SHOP_PAYMENTS: 'test', SHOP_WEBHOOKS_ALLOW_PRIVATE: 'true' };
  const seeded = spawnSync(bin, ['--data-dir', dataDir, 'seed', 'demo'], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}${seeded.stdout}`);
  // An administrator for the console's tests (e2e/admin.spec.ts); the password goes
  // through the environment, as the README advises, to stay out of the process list.
  const admin = { email: 'admin@shop.test', password: 'Console-Pass1!' };
  const created = spawnSync(bin, ['--data-dir', dataDir, 'admin', 'create', '--email', admin.email], {
    env: { ...env, SHOP_ADMIN_PASSWORD: admin.password },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`creating the administrator failed: ${created.stderr}${created.stdout}`);
  process.env.SHOP_E2E_ADMIN_EMAIL = admin.email;
  process.env.SHOP_E2E_ADMIN_PASSWORD = admin.password;

  const logFile = path.join(dataDir, 'server.log');
  const server = spawn(bin, ['--data-dir', dataDir, 'serve', '--listen', '127.0.0.1:0'], { env, stdio: ['ignore', 'inherit', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('shop serve did not start within 20 s')), 20_000);
    let seen = '';
    // The server logs on stderr: all of it goes to server.log (the payment tests search it
    // for card numbers), and it is read until the address appears and the search index is
    // built (until then keyword searches are the database's, without typo tolerance).
    let started = false;
    server.stderr!.on('data', (chunk: Buffer) => {
      appendFileSync(logFile, chunk);
      if (started) return;
      seen += chunk.toString();
      const match = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match && seen.includes('search index built')) {
        started = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`shop serve exited with ${code}: ${seen}`)));
  });
  process.env.SHOP_E2E_URL = url;
  // Mail goes to {data dir}/outbox as .eml files: the account tests read codes and links
  // there. The server's log is {data dir}/server.log.
  process.env.SHOP_E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

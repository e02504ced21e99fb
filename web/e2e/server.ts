import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';

/**
 * Where a suite's servers live. E2E_PORT (default 18080) moves all of them, so two suites can run
 * side by side: PORT+1 is the server that announces a newer version (playwright.config.ts), and
 * worker i's demo server listens on PORT+10(i+1), its recording SMTP server (mail.ts) on that +2.
 */
export const suitePort = () => Number(process.env.E2E_PORT ?? 18080);
export const dataRoot = () => (suitePort() === 18080 ? 'e2e/.data' : `e2e/.data/${suitePort()}`);

/** The settings every demo server of the suite runs with. */
export function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    SOCIUS_LOGIN_LOCK_AFTER: '1000',
    SOCIUS_LOGIN_SLOW_AFTER: '1000',
    SOCIUS_LOGIN_ADDRESS_LIMIT: '100000',
    // mail goes to the worker's recording SMTP server when a suite opens one (mail.ts); otherwise it is logged as not sent
    SOCIUS_SMTP_HOST: '127.0.0.1',
    SOCIUS_SMTP_PORT: String(port + 2),
    // the members' app stores, for the download page and the mobile redirect offer (club.spec.ts)
    SOCIUS_APP_STORE_URL: 'https://apps.apple.com/es/app/socius-socios/id6400000000',
    SOCIUS_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=app.socius.socios',
  };
}

/** The demo server of the running worker (set by the fixture in fixtures.ts). */
export function workerServer(): { port: number; data: string; url: string } {
  const port = Number(process.env.E2E_SERVER_PORT);
  const data = process.env.E2E_SERVER_DATA;
  if (!port || !data) throw new Error('no demo server in this process: import test from ./fixtures');
  return { port, data, url: `http://127.0.0.1:${port}` };
}

// servers still running when the worker process ends (a worker stopped abruptly) end with it
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((c) => c.kill('SIGKILL')));

/**
 * A `socius serve --demo` process of the real binary on a data folder of its own. `start` begins
 * from an empty folder, so the server holds the demo and nothing else; its output goes to `log`.
 */
export class DemoServer {
  private child: ChildProcess | null = null;
  /** The spec file the running server was started for. */
  private file = '';

  constructor(
    readonly port: number,
    readonly data: string,
    private readonly log: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server afresh unless it was started for this spec file. */
  async freshFor(file: string) {
    if (this.child && this.file === file) return;
    await this.start(file);
    this.file = file;
  }

  async start(title: string) {
    await this.stop();
    rmSync(this.data, { recursive: true, force: true });
    mkdirSync(this.data, { recursive: true });
    // a server left by a worker that ended abruptly would answer in place of this one
    if (!(await this.silent(15_000))) throw new Error(`port ${this.port} is held by another process`);
    const out = openSync(this.log, 'a');
    writeSync(out, `\n=== ${new Date().toISOString()} ${title}\n`);
    // A server of a worker that has just stopped may still hold the port for a moment: a start that
    // ends because the address is in use is tried again until the port is free.
    for (let attempt = 0; ; attempt++) {
      const child = spawn('../bin/socius', ['serve', '--demo', '--addr', `127.0.0.1:${this.port}`, '--data', this.data], {
        env: { ...process.env, ...serverEnv(this.port) },
        stdio: ['ignore', out, out],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const ready = await Promise.race([this.answers(60_000), exited.then(() => false)]);
      if (ready && child.exitCode === null) {
        this.child = child;
        running.add(child);
        closeSync(out);
        return;
      }
      child.kill('SIGKILL');
      if (attempt >= 20) {
        closeSync(out);
        throw new Error(`the demo server on port ${this.port} did not start: see ${this.log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child) return;
    running.delete(child);
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  /** Whether a server answers its version call on the port within `ms`. */
  private async answers(ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    for (;;) {
      if (await this.answering()) return true;
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Whether nothing answers on the port within `ms`. */
  private async silent(ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    for (;;) {
      if (!(await this.answering())) return true;
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async answering(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/vue_version`)).ok;
    } catch {
      return false;
    }
  }
}

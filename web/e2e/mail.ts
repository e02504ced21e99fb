import { createServer, type Server } from 'node:net';
import { workerServer } from './server';

/** A message the recording SMTP server received. */
export interface Mail {
  to: string[];
  data: string;
}

/**
 * A real SMTP server on loopback (the worker's server port +2, where that server sends its mail) that records every
 * message, so a suite can follow a link that only the recipient's mailbox gets.
 */
export class MailBox {
  readonly mail: Mail[] = [];
  private server: Server;

  private constructor(server: Server) {
    this.server = server;
  }

  static async open(): Promise<MailBox> {
    const port = workerServer().port + 2;
    let box: MailBox;
    const server = createServer((sock) => {
      let buf = '';
      let data: string[] | null = null;
      let to: string[] = [];
      const say = (line: string) => sock.write(`${line}\r\n`);
      say('220 recorder ESMTP');
      sock.on('data', (chunk) => {
        buf += chunk.toString('utf8');
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i).replace(/\r$/, '');
          buf = buf.slice(i + 1);
          if (data) {
            if (line === '.') {
              box.mail.push({ to, data: data.join('\n') });
              data = null;
              say('250 queued');
            } else data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const cmd = line.toUpperCase();
          if (cmd.startsWith('RCPT TO:')) to.push(line.slice(8).replace(/[<>\s]/g, ''));
          if (cmd.startsWith('MAIL FROM:')) to = [];
          if (cmd === 'DATA') {
            data = [];
            say('354 go on');
          } else if (cmd === 'QUIT') {
            say('221 bye');
            sock.end();
          } else say('250 ok');
        }
      });
      sock.on('error', () => {});
    });
    box = new MailBox(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return box;
  }

  /** Waits for a message to `to` and returns it. */
  async waitFor(to: string, timeout = 10_000): Promise<Mail> {
    const end = Date.now() + timeout;
    for (;;) {
      const m = this.mail.find((x) => x.to.includes(to));
      if (m) return m;
      if (Date.now() > end) throw new Error(`no mail to ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

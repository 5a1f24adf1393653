import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (smtp-server, no TLS, any sender), on a free local port (or on
 * `port`, where a server started apart must find it: the end-to-end web server). It
 * parses what it accepts with mailparser, counts attempts per recipient, and can be told to
 * refuse a recipient's next messages with a reply code, as a busy (451) or refusing (550)
 * mail server does.
 */
export interface MailServer {
  url: string;
  /** Every message accepted, parsed. */
  received: ParsedMail[];
  /** Delivery attempts per recipient, accepted or refused. */
  attempts: Map<string, number>;
  /** Refuse the next `times` messages to `address` with `code`. */
  refuse(address: string, code: number, times: number): void;
  close(): Promise<void>;
}

export async function startMailServer(port = 0): Promise<MailServer> {
  const received: ParsedMail[] = [];
  const attempts = new Map<string, number>();
  const refusals = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS: the client is this machine, and a closed network would only make each greeting wait.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        for (const address of recipients) attempts.set(address, (attempts.get(address) ?? 0) + 1);
        const refusal = recipients.map((a) => refusals.get(a)).find((r) => r && r.times > 0);
        if (refusal) {
          refusal.times -= 1;
          callback(Object.assign(new Error(refusal.code === 451 ? 'Too busy, try again later' : 'Mailbox unavailable'), { responseCode: refusal.code }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A taken fixed port fails the start, rather than leaving it waiting.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound.port}`,
    received,
    attempts,
    refuse: (address, code, times) => refusals.set(address, { code, times }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

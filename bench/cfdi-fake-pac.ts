// The fake PAC (tests/server/fake-pac.ts) in a process of its own, for bench/cfdi-stamping.ts: its
// checks (the seal verified through the SAT's XSLT, the totals, the catalogues) cost about what the
// sealing does, and a real PAC does not share the server's processor. The SAT's schema check is
// off (xmllint, some 300 ms a document); the bench says so beside its figures.
// Started by the bench with fork(); answers 'stats' (what it stamped) and 'stop' over IPC.
import { startFakePac } from '../tests/server/fake-pac';

/** What the bench asks the fake about its stamps, to check each document was stamped exactly once. */
export interface FakePacStats {
  kind: 'stats';
  documents: number;
  /** Stamp answers per UUID (the first stamp and every duplicate answer that gave it back). */
  stamps: Record<string, number>;
  distinctCustomIds: number;
  logins: number;
  stampRequests: number;
}

export interface FakePacReady {
  kind: 'ready';
  url: string;
  user: string;
  password: string;
}

const send = (message: FakePacStats | FakePacReady) => process.send!(message);

if (!process.send) throw new Error('bench/cfdi-fake-pac.ts runs under bench/cfdi-stamping.ts (fork), not on its own');
const fake = await startFakePac({ validateSchemas: false });
// The bench gone, nothing is left to answer.
process.on('disconnect', () => void fake.stop().finally(() => process.exit(0)));
process.on('message', (message) => {
  if (message === 'stats') {
    const documents = fake.documents();
    send({
      kind: 'stats',
      documents: documents.length,
      stamps: Object.fromEntries(fake.stamps),
      distinctCustomIds: new Set(documents.map((document) => document.customId)).size,
      logins: fake.logins,
      stampRequests: fake.calls.get('/v4/cfdi33/stamp/v4') ?? 0,
    });
  } else if (message === 'stop') {
    void fake.stop().finally(() => process.exit(0));
  }
});
send({ kind: 'ready', url: fake.url, user: fake.user, password: fake.password });

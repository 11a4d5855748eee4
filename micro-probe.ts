import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from './server/db/open.ts';
import { createJobsStore } from './server/db/jobs-store.ts';
const file = '/tmp/micro-probe/portal.sqlite';
const db = await openDatabase({ url: null, sqlitePath: file, poolSize: 1 }, console);
const id = 'A'.repeat(32);
const jobs = createJobsStore(db);
await jobs.insertUnlessDuplicate({ exportId: id, sourceEmail: 'a@x', emailHash: 'h', destinationProvider: 'file', destinationEmail: null, operations: ['emailmigration'], emailFormat: 'MBOX', contactsFormat: null, notificationEmail: 'n@x', createdAt: 1, idempotencyKey: 'k' }, 0);
const raw = new BetterSqlite3(file); const stmt = raw.prepare('select * from jobs where export_id = ?');
for (const conc of [1, 10, 50]) {
  for (const [name, run] of [['raw', async () => stmt.get(id)], ['store.find', () => jobs.find(id)]] as const) {
    const N = 20000;
    const t = process.cpuUsage();
    for (let i = 0; i < N / conc; i++) await Promise.all(Array.from({ length: conc }, () => run()));
    const u = process.cpuUsage(t);
    console.log(`concurrency ${conc} ${name}: ${((u.user + u.system) / N).toFixed(1)} µs/call`);
  }
}

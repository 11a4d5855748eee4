/**
 * The bench's child as the service runs: compiled by the server's own build (scripts/build-server.ts)
 * and started with the Node flags of `npm start`, read from package.json so that the two cannot
 * drift apart. A figure measured through tsx would include tsx's own memory, which no deployed
 * process has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_OUTFILE } from '../build-server.ts';

export type CompiledChild = { script: string; nodeFlags: string[] };

/** The flags between `node` and the service's file in `npm start`. */
export function serviceNodeFlags(packageJson = 'package.json'): string[] {
  const start = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts?: Record<string, string> }).scripts?.start ?? '';
  const match = new RegExp(`\\bnode((?:\\s+--\\S+)*)\\s+${SERVER_OUTFILE.replace(/[.]/g, '\\.')}`).exec(start);
  if (!match) throw new Error(`package.json's start script does not run node … ${SERVER_OUTFILE}: ${start}`);
  return (match[1] ?? '').trim().split(/\s+/).filter(Boolean);
}

export async function compiledChild(source: string): Promise<CompiledChild> {
  const script = path.join(path.dirname(SERVER_OUTFILE), 'bench', `${path.basename(source, '.ts')}.js`);
  await buildServer(source, script);
  return { script, nodeFlags: serviceNodeFlags() };
}

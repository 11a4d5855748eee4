/**
 * A destination lives in its two descriptor files (contract/destinations/, server/destinations/):
 * no other source file may name a destination's id or one of its hosts in a string. Everything that
 * differs by destination reads the descriptors instead, so a new destination is two files and a test.
 *
 * Strings only, read with the TypeScript parser: comments may mention Gmail, and a host is matched as
 * code spells it (lower case), so the name "Outlook.com" in a sentence is not its host. Not scanned:
 * the engine (server/engine/, a library whose adapters speak a protocol — IMAP, Gmail's import API,
 * Graph — and know no destination) and the tests. `yahoo` is also one of the spec's opt-out display
 * states (§ opt-out: "migrationStatus YAHOO gives yahoo"), so the two files that name that state may.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from '../../contract/index.ts';
import { CONSENTS, IMAP_SERVERS } from '../../server/destinations/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['contract', 'machines', 'src', 'server'];
const DESCRIPTORS = ['contract/destinations/', 'server/destinations/'];
const LIBRARY = ['server/engine/'];
/** File → the ids it may name, and why. */
const SPEC_WORDS: Readonly<Record<string, readonly string[]>> = {
  // The opt-out display state `yahoo` of the spec, not the destination.
  'contract/opt-out.ts': ['yahoo'],
  'src/views/opt-out-info/opt-out-explanations.ts': ['yahoo'],
};

/** The ids of the destinations that are one provider's (Other, the file and the successor products are kinds of destination the spec's flows know). */
const IDS = DESTINATIONS.filter(
  ({ authorization, anyProvider }) => authorization === 'oauth' || (authorization === 'password' && !anyProvider),
).map(({ id }) => id);

/** The host of an issuer URL or of an IMAP `host:port`. */
const hostOf = (address: string) => (address.includes('://') ? new URL(address).hostname : address.replace(/:\d+$/, ''));

/** Every host and mail domain a provider destination's descriptors name. */
const HOSTS = [
  ...new Set([
    ...DESTINATIONS.filter(({ id }) => IDS.includes(id)).flatMap(({ mailDomains, imapAliases }) => [
      ...(mailDomains ?? []),
      ...Object.values(imapAliases ?? {}),
    ]),
    ...IMAP_SERVERS.flatMap(({ address, otherHosts }) => [hostOf(address), ...(otherHosts ?? [])]),
    ...CONSENTS.map(({ issuer }) => hostOf(issuer)),
  ]),
];

const STRING_KINDS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
]);

/** What a source text names of the destinations, as `line: what`. */
export function destinationNames(code: string, fileName: string, allowed: readonly string[] = []): string[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (STRING_KINDS.has(node.kind)) {
      const text = (node as ts.LiteralLikeNode).text;
      const named = [...IDS.filter((id) => text === id && !allowed.includes(id)), ...HOSTS.filter((host) => text.includes(host))];
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      for (const name of named) found.push(`${line}: ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.sort();
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('a destination is named only in its descriptors', () => {
  it('knows what to look for: every provider id and host of the descriptors', () => {
    expect(IDS).toEqual(expect.arrayContaining(['gmail', 'outlook', 'yahoo', 'aol', 'icloud']));
    expect(HOSTS).toEqual(
      expect.arrayContaining([
        'imap.gmail.com',
        'outlook.office365.com',
        'gmail.com',
        'accounts.google.com',
        'imap.mail.me.com',
        'icloud.com',
      ]),
    );
  });

  it('finds an id or a host in a string, in code, templates and JSX, but not in comments', () => {
    const code = [
      '// gmail and imap.gmail.com in a comment are prose',
      "const a = provider === 'gmail';",
      'const b = `imaps://imap.gmail.com:${port}`;',
      'const c = <p>Write to you@aol.com</p>;',
    ].join('\n');
    expect(destinationNames(code, 'wrong.tsx')).toEqual(['2: gmail', '3: gmail.com', '3: imap.gmail.com', '4: aol.com']);
    expect(destinationNames("const d = 'yahoo';", 'x.ts', ['yahoo'])).toEqual([]);
  });

  // It parses every source file (about 400): seconds on a busy CI machine, past the default 5 s once.
  it('finds none outside the descriptor folders', { timeout: 60_000 }, () => {
    const files = SCANNED.flatMap(sourceFiles).filter((file) => ![...DESCRIPTORS, ...LIBRARY].some((folder) => file.startsWith(folder)));
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) =>
      destinationNames(readFileSync(path.join(ROOT, file), 'utf8'), file, SPEC_WORDS[file]).map((finding) => `${file}:${finding}`),
    );
    expect(findings).toEqual([]);
  });
});

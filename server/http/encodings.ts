/** Content codings the service answers with, in the order it prefers them. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type EncodingName = (typeof ENCODINGS)[number]['name'];

/** Parses Accept-Encoding enough to honour q=0 (refusal). */
export function accepts(header: string | undefined, encoding: string): boolean {
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name !== encoding && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

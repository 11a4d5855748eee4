/**
 * What a CardDAV server's answer to `PUT` with `If-None-Match: *` means for one contact. 412 says the
 * address book already has a contact under that name (put there by an earlier run): it counts as
 * arrived. A refusal of this one contact (too big, quota, invalid, forbidden) goes to the item report;
 * a busy server is waited for; an expired login ends the transfer.
 */
import { retryAfterMs } from '../../http/retry-after.ts';
import { TransferFault, type AppendResult } from '../../ports.ts';

const MAX_DETAIL = 200;

export async function putAnswer(response: Response, what: string, now: number): Promise<AppendResult> {
  if (response.ok || response.status === 412) {
    await response.body?.cancel();
    return { ok: true };
  }
  const body = (await response.text().catch(() => ''))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_DETAIL);
  const detail = `${what}: ${response.status} ${response.statusText}${body ? ` (${body})` : ''}`;
  if (response.status === 401) throw new TransferFault('login-refused', 'destination', detail);
  if (response.status === 413) return { ok: false, refusal: { kind: 'too-big', detail } };
  if (response.status === 507) return { ok: false, refusal: { kind: 'quota', detail } };
  if (response.status === 429 || response.status === 502 || response.status === 503 || response.status === 504) {
    return { ok: false, refusal: { kind: 'throttled', retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now), detail } };
  }
  return { ok: false, refusal: { kind: 'refused', detail } };
}

/** Every §7 call has exactly one client function, named like its path entry, and no twin. */
import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../src/api';
import { API_PATHS } from '../../contract/index.ts';

describe('§7 coverage', () => {
  it('the two clients together offer one function per API path, plus the support webhook', () => {
    const { session, exportService } = createApiClients({
      exportServiceUrl: '',
      inQa: true,
      supportWebhookUrl: '/api/support-requests/',
    });
    const sessionNames = Object.keys(session);
    const exportNames = Object.keys(exportService);
    expect(sessionNames.filter((name) => exportNames.includes(name))).toEqual([]);
    expect([...sessionNames, ...exportNames].sort()).toEqual([...Object.keys(API_PATHS), 'supportRequest'].sort());
  });

  it('the session client holds the four calls §7 gives it, and our additive cancel, copy new mail, pause, resume, sign-out and source folders', () => {
    const { session } = createApiClients();
    expect(Object.keys(session).sort()).toEqual([
      'cancel',
      'capabilities',
      'copyNewMail',
      'load',
      'pause',
      'resume',
      'signOut',
      'sourceFolders',
      'status',
      'validate',
    ]);
  });
});

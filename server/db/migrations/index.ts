/**
 * Every migration, in order. Append a new file for each change (a table, a column, an index) and
 * list it here under the next number; never edit or renumber one that has shipped: databases record
 * the names they ran, and the service refuses to start on a database that ran one it does not know.
 */
import { initial } from './0001-initial.ts';
import { loadClaims } from './0002-load-claims.ts';
import { outbox } from './0003-outbox.ts';
import { rateLimits } from './0004-rate-limits.ts';
import { usedFlowStates } from './0005-used-flow-states.ts';
import { destinationGrants } from './0006-destination-grants.ts';
import { transferState } from './0007-transfer-state.ts';
import { transfers } from './0008-transfers.ts';
import { failedItemAbout } from './0009-failed-item-about.ts';
import { retention } from './0010-retention.ts';
import { credentialBrakes } from './0011-credential-brakes.ts';
import { accountStarts } from './0012-account-starts.ts';
import { transferPause } from './0013-transfer-pause.ts';
import { copyNewMail } from './0014-copy-new-mail.ts';
import { oneExportOneRecord } from './0015-one-export-one-record.ts';
import { jobLanguage } from './0016-job-language.ts';
import type { SchemaMigration } from './types.ts';

export const MIGRATIONS: Readonly<Record<string, SchemaMigration>> = {
  '0001-initial': initial,
  '0002-load-claims': loadClaims,
  '0003-outbox': outbox,
  '0004-rate-limits': rateLimits,
  '0005-used-flow-states': usedFlowStates,
  '0006-destination-grants': destinationGrants,
  '0007-transfer-state': transferState,
  '0008-transfers': transfers,
  '0009-failed-item-about': failedItemAbout,
  '0010-retention': retention,
  '0011-credential-brakes': credentialBrakes,
  '0012-account-starts': accountStarts,
  '0013-transfer-pause': transferPause,
  '0014-copy-new-mail': copyNewMail,
  '0015-one-export-one-record': oneExportOneRecord,
  '0016-job-language': jobLanguage,
};

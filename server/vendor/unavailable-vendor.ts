/**
 * The production stand-in for a migration vendor that has no real client yet: it accepts nothing,
 * so `load` answers 502 VENDOR_UNAVAILABLE instead of handing a customer the simulated vendor's
 * sample archive as if it were their mailbox. A real vendor client replaces it in server/wiring.ts.
 */
import type { MigrationVendor } from '../ports.ts';

export function createUnavailableVendor(): MigrationVendor {
  return {
    async start() {
      throw new Error('no migration vendor is configured for production');
    },
    // Only jobs accepted by another vendor could exist; report them as still running.
    async progress() {
      return { emailmigration: null, contactsmigration: null, cancellable: false };
    },
    exportFile: async () => null,
    cancel: async () => false,
    receipt: async () => null,
    failedItems: async () => [],
  };
}

/**
 * A pass of Copy new mail is a transfer of its own, named after its export: `<export id>.<n>`. An
 * export ID is 32 letters and digits, so the dot tells a pass from an export, and the export a pass
 * belongs to (whose destination grant it uses) is the part before it.
 */
export const passTransferId = (exportId: string, number: number) => `${exportId}.${number}`;

export const isPass = (transferId: string) => transferId.includes('.');

/** The export a transfer is of: itself, or the export of a pass. */
export const exportOf = (transferId: string) => transferId.split('.')[0] ?? transferId;

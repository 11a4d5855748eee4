/**
 * Where one export stands, as its own row (`jobs.status`) records it (decision 0035): the one status
 * the export service owns. `completed` and `error` are its end; nothing changes an ended export again.
 */
export type ExportStatus = 'queued' | 'running' | 'sleeping' | 'paused' | 'cancelling' | 'completed' | 'error';

export const ENDED = ['completed', 'error'] as const satisfies readonly ExportStatus[];

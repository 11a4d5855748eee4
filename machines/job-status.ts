/** What the status page shows per operation: started is shown 'In progress'; any other value is an error. */
export type JobStatus = 'started' | 'completed' | 'error';

export const toJobStatus = (status: unknown): JobStatus => (status === 'started' || status === 'completed' ? status : 'error');

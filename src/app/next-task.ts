/**
 * Resolves in a task of its own: awaiting it between two pieces of start-up work lets the browser
 * paint and answer input between them, where one long task would block the page.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

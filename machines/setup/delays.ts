/** The debounce and redirect delays of docs/spec-rules.md §9, by name, so the inspector and the diagram show them. */
export const DELAYS = {
  emailDebounce: 1000,
  notificationEmailDebounce: 400,
  emptyNotificationEmailDelay: 800,
  copyConfirmation: 500,
  policyRedirect: 500,
} as const;

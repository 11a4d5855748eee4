/** The delays of §9 (and our status poll), by name, so the inspector and the diagram show them. */
export const DELAYS = {
  emailDebounce: 1000,
  notificationEmailDebounce: 400,
  emptyNotificationEmailDelay: 800,
  copyConfirmation: 500,
  policyRedirect: 500,
  /**
   * Ours: how often a status page asks again while its export moves items, so a change shows within
   * 2 s (issue 36); its cost at scale is in docs/performance.md.
   */
  statusPollMoving: 1_500,
  /** Ours: how often it asks while everything still running waits for the destination (a daily limit, throttling). */
  statusPoll: 10_000,
} as const;

/** What is left of `delay` once the page has been on screen as long as the event that showed it says. */
export const sinceShown = (delay: number, event: object): number =>
  Math.max(0, delay - ('shownFor' in event && typeof event.shownFor === 'number' ? event.shownFor : 0));

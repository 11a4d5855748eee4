/**
 * Limits far above what any suite or browser journey does (one scenario account starts more exports
 * in a run than a customer would in a day), so only the tests of the limits meet them: those set
 * their own lower values. The status calls are polled (a suite or a journey follows a transfer every
 * few milliseconds, on a clock that may stand still), so their per-client limits are lifted too, as are
 * those of the DNS checks and the flows started (a journey signs in many times a minute).
 */
export const NO_LIMITS = {
  RATE_LIMIT_EXPORTS_RUNNING: '1000',
  RATE_LIMIT_EXPORTS_PER_DAY: '1000',
  RATE_LIMIT_VALIDATE_PER_ACCOUNT: '1000',
  RATE_LIMIT_VALIDATE_PER_ADDRESS: '1000',
  RATE_LIMIT_VALIDATE_FREE_FAILURES: '1000',
  RATE_LIMIT_SUPPORT_PER_ADDRESS: '1000',
  RATE_LIMIT_STATUS_MAX: '1000000',
  RATE_LIMIT_JOBS_BY_EMAIL_MAX: '1000000',
  RATE_LIMIT_LOOKUPS_MAX: '1000000',
  RATE_LIMIT_FLOW_STARTS_MAX: '1000000',
};

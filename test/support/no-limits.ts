/**
 * Limits far above what any suite or browser journey does (one scenario account starts more exports
 * in a run than a customer would in a day), so only the tests of the limits meet them: those set
 * their own lower values.
 */
export const NO_LIMITS = {
  RATE_LIMIT_EXPORTS_RUNNING: '1000',
  RATE_LIMIT_EXPORTS_PER_DAY: '1000',
  RATE_LIMIT_VALIDATE_PER_ACCOUNT: '1000',
  RATE_LIMIT_VALIDATE_PER_ADDRESS: '1000',
  RATE_LIMIT_VALIDATE_FREE_FAILURES: '1000',
  RATE_LIMIT_SUPPORT_PER_ADDRESS: '1000',
};

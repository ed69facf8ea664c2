// What the specs and the test that runs them agree on.

/** Logged by the green spec at each level; the console shows some of them. */
export const GREEN_LINES = {
  debug: 'a debug line',
  info: 'an info line',
  notice: 'a notice line',
  warn: 'a warn line',
} as const;

/** The failing spec's step, wait and diagnosis. */
export const FAILING = {
  step: 'Alice transfers 2 dUSD to Bob',
  what: 'request 42 to be Confirmed',
  lastSeen: 'status Submitted',
  diagnosis: 'proposer http://proposer:3000 not answering',
} as const;

/** The environment variable through which the test hands the specs a secret to log (it must come out redacted). */
export const SECRET_ENV = 'CONSOLE_SPECS_SECRET';

// What the failing run and its checker (tests/funds/failing-run.test.ts) agree on: the environment that drives the
// run, the files it leaves for the checker, and the failure it throws.
export const RUN_ENV = {
  /** The devnet's facts, as JSON. */
  devnet: 'FUNDS_RUN_DEVNET',
  /** A private directory for the run's reports and the files below. */
  out: 'FUNDS_RUN_OUT',
} as const;

export const RUN_FILES = {
  /** The run's secrets (0600), for the checker to search for: [{name, address, l1Key, mnemonic}]. */
  secrets: 'run-secrets.json',
  /** What cast.close() returned, as report JSON. */
  closed: 'closed.json',
  reports: 'reports',
} as const;

export const SIMULATED_FAILURE = "simulated failure midway: the run breaks after Alice's deposit";
export const SCENARIO = 'funds: a run that fails midway';
/** Alice is granted 10 dUSD and deposits 4 of them. */
export const GRANTED = '10';
export const DEPOSITED = '4';

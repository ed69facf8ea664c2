// Where each scenario does not apply, and so may skip: the run's expected skips are derived from this list
// (fixtures/run/gate/skip-manifest.ts); any other skip fails the run's gate (exit 3). A scenario that gains a skip
// declares it here in the same commit, with the condition that makes it right.
import type { SkipManifest } from '../fixtures/run/gate/skip-manifest';

const DEVNET_FAULT = 'the fault is injected into services the harness owns: the devnet only';
const CLIENT_L1_FAULT =
  "the fault cuts the clients' own L1 routes, which a devnet has unless its clients reach anvil directly";
const CLIENT_PROPOSER_FAULT =
  "the fault is put on the clients' link to the proposer, which passes the limiting endpoint where the clients' L1 routes do";
const DE_ESCROW_ROUTE = 'the head client de-escrows by itself: there is no de-escrow route to refuse';

export const WHERE_THEY_APPLY: SkipManifest = [
  {
    file: 'scenarios/rejections/funder-cannot-pay.spec.ts',
    skipsWhere: [{ target: 'testnet' }],
    because: 'the refusal is provoked with a funder the harness owns: the devnet only',
  },
  ...['l1-reorganisation', 'proposer-outage', 'l1-endpoint-faults', 'client-restart', 'webhook-outage'].map((name) => ({
    file: `scenarios/faults/${name}.spec.ts`,
    skipsWhere: [{ target: 'testnet' as const }],
    because: DEVNET_FAULT,
  })),
  ...['client-lags-behind', 'client-listener-call-cut', 'client-sync-check-refused', 'network-faults'].map((name) => ({
    file: `scenarios/faults/${name}.spec.ts`,
    skipsWhere: [{ target: 'testnet' as const }, { clientL1Routed: false }],
    because: CLIENT_L1_FAULT,
  })),
  {
    file: 'scenarios/faults/proposer-network-faults.spec.ts',
    skipsWhere: [{ target: 'testnet' }, { clientL1Routed: false }],
    because: CLIENT_PROPOSER_FAULT,
  },
  {
    file: 'scenarios/faults/l1-endpoint-faults.spec.ts',
    test: 'on its own L1 connection',
    skipsWhere: [{ clientL1Routed: false }],
    because: CLIENT_L1_FAULT,
  },
  {
    file: 'scenarios/rejections/de-escrow.spec.ts',
    test: 'de-escrow (before|with)|second de-escrow',
    skipsWhere: [{ clientBuild: 'head' }],
    because: DE_ESCROW_ROUTE,
  },
  {
    file: 'scenarios/round-trip/stablecoin.spec.ts',
    test: 'de-escrow',
    skipsWhere: [{ clientBuild: 'head' }],
    because: DE_ESCROW_ROUTE,
  },
  {
    file: 'scenarios/round-trip/wrapped-gas-token.spec.ts',
    test: 'de-escrow',
    skipsWhere: [{ clientBuild: 'head' }],
    because: DE_ESCROW_ROUTE,
  },
  // Declared per target, not per profile: a testnet run with a public receiver URL proves the push path and does not skip.
  {
    file: 'scenarios/round-trip/wrapped-gas-token.spec.ts',
    test: 'was pushed by the event service',
    skipsWhere: [{ target: 'testnet' }],
    because:
      'the push proof needs a receiver the hosted service can reach: a testnet run without a public URL pulls, and says so',
  },
  {
    file: 'scenarios/rejections/request-encoding.spec.ts',
    skipsWhere: [{ clientBuild: 'head' }],
    because: 'the head client generates request ids itself',
  },
  {
    file: 'scenarios/rejections/deposit-eligibility.spec.ts',
    test: 'not allowlisted',
    skipsWhere: [{ target: 'testnet' }],
    because: "the testnet's keys are pre-certified",
  },
  ...['balances-and-keys', 'fee-balance'].map((name) => ({
    file: `scenarios/rejections/${name}.spec.ts`,
    skipsWhere: [{ target: 'testnet' as const, clientBuild: 'plume' as const }],
    because: 'a failed spend strands its inputs until a restart on the plume build: run on the devnet only',
  })),
  ...['token-standard-rules'].map((name) => ({
    file: `scenarios/rejections/${name}.spec.ts`,
    skipsWhere: [{ target: 'testnet' as const }],
    because: 'the testnet may lack a collection',
  })),
  // A whole item leaves no change: such a withdrawal never becomes Confirmed on head, so its automatic de-escrow never runs.
  ...['erc721', 'erc1155-non-fungible'].map((name) => ({
    file: `scenarios/token-standards/${name}.spec.ts`,
    test: 'withdraw fund salt names|the token leaves escrow',
    skipsWhere: [{ clientBuild: 'head' as const }],
    because:
      'a head client never confirms a withdrawal with no change and no fee, so it never de-escrows it (the fees scenario covers a fee-paying one)',
  })),
  ...['erc721', 'erc1155-fungible', 'erc1155-non-fungible', 'erc3525'].map((name) => ({
    file: `scenarios/token-standards/${name}.spec.ts`,
    skipsWhere: [{ target: 'testnet' as const }],
    because: 'the testnet profile may configure no collection of this standard',
  })),
];

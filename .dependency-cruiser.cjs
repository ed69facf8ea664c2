// The harness's dependency rules (npm run lint:deps): no module cycles (type-only imports included), lib/ as the lowest
// layer of all (plumbing that harness and doubles share, importing neither), the harness never reaching into the
// devnet's doubles, fixtures never reaching into scenarios or tests, and fixtures/ as layers where a folder imports
// only the folders below it. Where two folders needed each other, the shared part became a third module
// in the lower one; nothing here is excluded to make a violation pass.

/**
 * fixtures/ in five layers, bottom up. A folder may import any folder of its own layer or of a layer below (cycles are
 * still refused by no-circular), none of a layer above. Each folder says why it sits where it does. (report/trends is
 * the only sub-folder placed apart from its parent: it reads what whole runs left behind.)
 */
const LAYERS = [
  [
    'base',
    'what everything uses and that decides nothing about the system',
    [
      ['secrets', 'Secret<T> and redaction: everything that logs or reports uses it'],
      ['report', 'Allure primitives (attachments, steps, labels, skips, failure classes, sentences)'],
      ['log', "loggers; the test-log setup attaches each test's log to the report"],
      ['waits', 'bounded waits, timeouts, paces and the request ledger'],
      ['l1-contracts', 'our ABIs and contract facts: pure data and decoders'],
      ['vectors', 'golden vectors from the real system, typed with l1-contracts'],
    ],
  ],
  [
    'protocol',
    "the system's boundaries as the harness meets them, each with its own schemas",
    [
      ['api', 'HTTP boundaries: the client REST API, the event service API and their shared transport'],
      ['network', 'docker, containers and ports: anvil, client, proposer and event-service containers, the devnet'],
      ['chain', 'viem clients, funder, balances and receipts on L1'],
      ['notifications', "the client's webhook notifications: receiver and inbox"],
      ['event-webhooks', 'contract events delivered by the event service: receiver, inbox, puller, subscription'],
      ['privacy', "what an observer learns: scans a run's public material for its values and its secrets"],
      ['builds', 'what a client build and a contract generation can do, learnt from the api and the chain'],
    ],
  ],
  [
    'environment',
    'the network a run talks to, and what the run keeps of itself',
    [
      ['run', "a run's outputs, summary, shards and teardown record"],
      ['assets', 'the tokens under test and how they are granted and held'],
      ['target', 'the devnet or testnet a run talks to: assembles network, chain, event service, builds, assets'],
      ['testnet/target', 'the test network as a target: its profile, real client image and certification'],
      ['testnet/preflight', 'checks of the test network before any scenario runs'],
    ],
  ],
  [
    'domain',
    'the language scenarios are written in: users, their actions, what must hold, the faults they meet',
    [
      ['users', 'one user (identity, client, actions) on a target'],
      ['recovery', 'what must outlive a run: identity ledger, bundles, rescue and funds report'],
      ['cast', "the scenarios' users: started, funded, reported and swept with recovery"],
      ['explore', 'npm run explore: a reference model, its invariants and commands over users'],
      ['expectations', "the scenarios' assertions about users, builds and the target"],
      ['faults', 'faults scenarios inject on a target, and nested runs of the harness'],
      ['testnet/recovery', "before a testnet run: the rescue of a killed run's clients and the ledger's sweep"],
    ],
  ],
  [
    'runner',
    'what reads whole runs after the fact: trends across runs and the console',
    [
      ['report/trends', 'trends across runs: reads run summaries and funds reports'],
      ['console', 'the console reporter: reads what everything else logged'],
    ],
  ],
];

const FOLDERS = LAYERS.flatMap(([, , folders]) => folders.map(([name]) => name));
const escapeRegex = (name) => name.replace(/[/-]/g, (c) => `\\${c}`);
const pathOf = (name) => (name === 'report' ? '^fixtures/report/(?!trends/)' : `^fixtures/${escapeRegex(name)}/`);

/** The fixtures/ folders that have a layer (testnet/ by its sub-folders, each in its own layer). */
const KNOWN_FOLDERS = `^fixtures/(${[...new Set(FOLDERS.map((name) => name.split('/')[0]))]
  .map(escapeRegex)
  .join('|')})/`;

const layerRules = LAYERS.slice(0, -1).map(([layer, , folders], index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layer-${layer}`,
    comment: `the ${layer} layer (${folders.map(([name]) => name).join(', ')}) sits below ${above
      .map(([name]) => name)
      .join(', ')}: it must not import them`,
    severity: 'error',
    // A unit test beside its module may drive it through higher layers (a real client, a scripted server): nothing
    // imports a test, so it adds no arrow back up.
    from: { path: folders.map(([name]) => pathOf(name)), pathNot: '\\.test\\.ts$' },
    to: { path: above.flatMap(([, , higher]) => higher.map(([name]) => pathOf(name))) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two modules that need each other: their shared part belongs in a third module (type-only imports count).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-the-lowest-layer',
      comment:
        'lib/ is plumbing shared by the harness (fixtures/, scenarios/, scripts/, tests/) and the doubles (docker/), which all may import it; it imports none of them (lib/README.md).',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(fixtures|docker|tests|scenarios|scripts)/' },
    },
    {
      name: 'harness-not-into-doubles',
      comment:
        'Faithful doubles, independent checks: the harness has its own ABIs, decoders and schemas. Only the image builder and the deployer are shared.',
      severity: 'error',
      from: { path: '^(fixtures|scenarios|scripts)/' },
      to: { path: '^docker/', pathNot: ['^docker/images', '^docker/deployer'] },
    },
    {
      name: 'fixtures-not-into-scenarios-or-tests',
      comment:
        'fixtures/ is the domain language scenarios and tests are written in; it never depends on them. Unit tests beside their module may use the test doubles in tests/support/.',
      severity: 'error',
      from: { path: '^fixtures/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(scenarios|tests)/' },
    },
    {
      name: 'fixtures-test-only-support',
      comment:
        'A unit test in fixtures/ may use tests/support/ (doubles, generators), never another test or a scenario.',
      severity: 'error',
      from: { path: '^fixtures/.*\\.test\\.ts$' },
      to: { path: '^(scenarios/|tests/(?!support/))' },
    },
    {
      name: 'testnet-behind-the-target',
      comment:
        "The testnet's machinery (fixtures/testnet/: its profile and target, preflight, the rescue before a run) is reached by the scenarios' language only through fixtures/target/, which picks the target; scripts and tests may use it directly.",
      severity: 'error',
      from: { path: '^(scenarios|fixtures)/', pathNot: '^fixtures/(target|testnet)/' },
      to: { path: '^fixtures/testnet/' },
    },
    {
      name: 'fixtures-folder-has-a-layer',
      comment: `Every fixtures/ folder belongs to one of the layers in .dependency-cruiser.cjs (${FOLDERS.join(', ')}).`,
      severity: 'error',
      from: { path: '^fixtures/[^/]+/', pathNot: KNOWN_FOLDERS },
      to: {},
    },
    {
      name: 'fixtures-folder-has-a-layer-as-import',
      comment:
        'The same for what such a folder exports: a module that imports nothing is still caught where it is imported.',
      severity: 'error',
      from: {},
      to: { path: '^fixtures/[^/]+/', pathNot: KNOWN_FOLDERS },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mjs', '.js', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// The double against the vendor's own samples (fixtures/vectors/multibaas): given the chain data behind the documented
// event.emitted sample, the service renders the very same item, byte for byte once serialised (only the time zone of
// `triggeredAt` differs: the sample was rendered in +09:00); and it signs the way an independent computation of the
// documented recipe does.
import { parseAbi, type Address, type Hash, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import emittedSample from '../../../fixtures/vectors/multibaas/webhook-delivery-event-emitted.json';
import openapiFacts from '../../../fixtures/vectors/multibaas/openapi-facts.json';
import currentFacts from '../../../fixtures/vectors/multibaas/current-api-facts.json';
import signatureVector from '../../../fixtures/vectors/multibaas/signature.json';
import { renderEvent, rfc3339, type LinkedContract, type MinedLog } from './event-rendering';
import { signDelivery } from './signature';
import { AddressBook } from './address-book';
import { planFor } from './plan';
import { loadEventServiceSettings } from './settings';
import {
  AddressAliasCreate,
  DEFAULT_PAGE_SIZE,
  LABEL_PATTERN,
  LinkRequest,
  WebhookCreate,
  type DeliveryItem,
} from './wire';

/** The sample's token as a user would have uploaded it: its signatures as the sample shows them, 3 decimals. */
const sampleToken: LinkedContract = {
  address: '0x9deE62D32898B37F2BDf7e7cB1FA16a45D31D67a',
  alias: 'autotoken',
  contract: {
    label: 'mltitoken',
    name: 'MltiToken',
    version: '1.0',
    abi: parseAbi([
      'event Mint(address indexed minter, address indexed receiver, uint256 value)',
      'event Transfer(address indexed from, address indexed to, uint256 value)',
      'function mint(uint256 _amount)',
    ]),
  },
  decimals: 3,
};

function logOf(rawFields: string): MinedLog {
  const raw = JSON.parse(rawFields) as Record<string, string | string[] | boolean>;
  return {
    address: raw.address as Address,
    topics: raw.topics as Hex[],
    data: raw.data as Hex,
    blockNumber: BigInt(raw.blockNumber as string),
    blockHash: raw.blockHash as Hash,
    transactionHash: raw.transactionHash as Hash,
    transactionIndex: Number(raw.transactionIndex),
    logIndex: Number(raw.logIndex),
    removed: raw.removed as boolean,
  };
}

describe('the double renders the vendor sample', () => {
  it.each([0, 1])('item %i: the same JSON as the documented delivery', (index) => {
    const sample = emittedSample.body[index]!;
    const context = {
      blockTimestamp: BigInt(Date.parse(sample.data.triggeredAt) / 1000),
      transaction: {
        from: sample.data.transaction.from as Address,
        to: sampleToken.address,
        input: sample.data.transaction.txData as Hex,
      },
    };
    const rendered = renderEvent(logOf(sample.data.event.rawFields), context, sampleToken, sampleToken);
    const item: DeliveryItem = { id: sample.id, event: 'event.emitted', data: rendered!.delivered };

    expect(Date.parse(item.data.triggeredAt)).toBe(Date.parse(sample.data.triggeredAt));
    const sameZone = { ...sample, data: { ...sample.data, triggeredAt: rfc3339(context.blockTimestamp) } };
    expect(JSON.stringify(item)).toBe(JSON.stringify(sameZone));
  });
});

describe('the double signs as the documented recipe', () => {
  it('reproduces the signature vector computed with OpenSSL', () => {
    const body = Buffer.from(JSON.stringify(emittedSample.body));
    expect(signDelivery(signatureVector.secret, body, Number(signatureVector.timestamp))).toEqual({
      signature: signatureVector.signature,
      timestamp: signatureVector.timestamp,
    });
  });
});

describe('facts of the API document the double follows', () => {
  it('pages of 10 by default (both generations)', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(openapiFacts.defaultPageSize.value);
  });
});

describe('the double is the current generation of the document (current-api-facts.json)', () => {
  const older = new RegExp(openapiFacts.labelPattern.value);

  it('enforces the current label pattern, which the older one contains: it refuses labels starting with 0x', () => {
    expect(LABEL_PATTERN.source).toBe(currentFacts.labelPattern.value);
    for (const label of ['nightfall-e2e-wgas-3fa2c1', 'nightfall_plume', '0', '0a', 'x509', '-', '_0x']) {
      expect([label, LABEL_PATTERN.test(label), older.test(label)]).toEqual([label, true, true]);
    }
    const url = 'https://tunnel.example.test/contract-events';
    expect(WebhookCreate.safeParse({ label: '0xabc', url, subscriptions: ['event.emitted'] }).success).toBe(false);
    expect(AddressAliasCreate.safeParse({ alias: '0x', address: `0x${'11'.repeat(20)}` }).success).toBe(false);
    expect(LinkRequest.safeParse({ label: '0Xabc' }).success).toBe(false);
  });

  it('answers an Address without modules, and the indexing status without the older ids', async () => {
    const hash = `0x${'ab'.repeat(32)}` as const; // test vector: any keccak-shaped block hash
    const book = new AddressBook({
      head: async () => 10n,
      blockHash: async () => hash,
      decimals: async () => undefined,
    });
    const address = `0x${'11'.repeat(20)}`;
    const linked = await book.link(address, 'nightfall_plume', '5');
    const documented = [...currentFacts.address.required, ...currentFacts.address.optional];
    expect(Object.keys(linked).filter((field) => !documented.includes(field))).toEqual([]);
    expect(currentFacts.address.required.filter((field) => !(field in linked))).toEqual([]);
    expect(Object.keys(book.monitorStatus(address, 'nightfall_plume')).sort()).toEqual(
      Object.keys(currentFacts.eventIndexingStatus.fields).sort(),
    );
  });

  it('serves GET /plan with event monitoring by default, a plan without it, or none (an older deployment)', () => {
    const base = {
      EVENT_SERVICE_API_KEY: 'devnet-event-service-key-for-tests',
      NF4_ETHEREUM_CLIENT_URL: 'ws://anvil:8545',
    }; // a test value
    expect(loadEventServiceSettings(base).plan).toBe('event-monitoring');
    const monitoring = (setting: string) => {
      const plan = planFor(loadEventServiceSettings({ ...base, EVENT_SERVICE_PLAN: setting }).plan, new Date(0));
      return plan?.features.find((feature) => feature.name === 'event_monitor_feature')?.enabled;
    };
    expect([monitoring('event-monitoring'), monitoring('no-event-monitoring'), monitoring('older-deployment')]).toEqual(
      [true, false, undefined],
    );
    expect(() => loadEventServiceSettings({ ...base, EVENT_SERVICE_PLAN: 'gold' })).toThrow(/EVENT_SERVICE_PLAN/);
  });

  it("serves a plan of the document's shape, naming only features and limits the document names", () => {
    const plan = planFor('event-monitoring', new Date(0))!;
    expect(Object.keys(plan).sort()).toEqual(Object.keys(currentFacts.plan.fields).sort());
    expect(
      plan.features.map((feature) => feature.name).filter((name) => !currentFacts.plan.featureNames.includes(name)),
    ).toEqual([]);
    expect(
      plan.limits.map((limit) => limit.name).filter((name) => !currentFacts.plan.limitNames.includes(name)),
    ).toEqual([]);
  });
});

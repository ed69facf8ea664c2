// The double against the vendor's own samples (fixtures/vectors/multibaas): given the chain data behind the documented
// event.emitted sample, the service renders the very same item, byte for byte once serialised (only the time zone of
// `triggeredAt` differs: the sample was rendered in +09:00); and it signs the way an independent computation of the
// documented recipe does.
import { parseAbi, type Address, type Hash, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import emittedSample from '../../../fixtures/vectors/multibaas/webhook-delivery-event-emitted.json';
import openapiFacts from '../../../fixtures/vectors/multibaas/openapi-facts.json';
import signatureVector from '../../../fixtures/vectors/multibaas/signature.json';
import { renderEvent, rfc3339, type LinkedContract, type MinedLog } from './event-rendering';
import { signDelivery } from './signature';
import { DEFAULT_PAGE_SIZE, LABEL_PATTERN, type DeliveryItem } from './wire';

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
      transaction: { from: sample.data.transaction.from as Address, to: sampleToken.address, input: sample.data.transaction.txData as Hex },
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
  it('pages of 10 by default; labels as the document patterns them', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(openapiFacts.defaultPageSize.value);
    expect(LABEL_PATTERN.source).toBe(openapiFacts.labelPattern.value);
  });
});

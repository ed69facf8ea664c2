// The set-up the client simulator's test files share: one in-process devnet per file, the file's named clients
// started on it (each with the harness's typed client of its API, and if asked a webhook sink and fresh keys), all of
// it stopped after the file.
import { afterAll, beforeAll } from 'vitest';
import type { DerivedKeys } from '../../../../fixtures/api';
import { newMnemonic } from './client-api';
import type { ContractGeneration } from '../../../../docker/deployer/deploy';
import { startClientDevnet, type ClientDevnet, type TestClient, type TestClientOptions } from './client-devnet';

export interface SuiteClientOptions extends Omit<TestClientOptions, 'webhooks' | 'name'> {
  /** Index of the devnet identity that signs for it; by default the client's position in `clients`. */
  readonly identity?: number;
  /** Sends its notifications to a webhook sink of its own (`client.hooks`). */
  readonly webhooks?: boolean;
  /** Loads the keys of a fresh mnemonic once it is up (`client.keys`). */
  readonly deriveKeys?: boolean;
}

interface SuiteClient extends TestClient {
  /** The keys derived at start, when `deriveKeys` was asked for. */
  readonly keys: DerivedKeys | undefined;
}

export interface ClientSuite<Name extends string> {
  readonly devnet: ClientDevnet;
  readonly clients: Readonly<Record<Name, SuiteClient>>;
}

/**
 * Registers the hooks that give the file's tests a devnet with `identities` funded, certified identities and the
 * named clients on them; call the returned getter inside tests.
 */
export function useClientDevnet<Name extends string = never>(options: {
  readonly identities: number;
  readonly clients?: Readonly<Record<Name, SuiteClientOptions>>;
  /** The Nightfall contracts' generation (deployDevnet's default, plume, when absent). */
  readonly contracts?: ContractGeneration;
}): () => ClientSuite<Name> {
  let suite: ClientSuite<Name> | undefined;
  let devnet: ClientDevnet | undefined;

  beforeAll(async () => {
    devnet = await startClientDevnet({
      clients: options.identities,
      ...(options.contracts ? { contracts: options.contracts } : {}),
    });
    const clients: Partial<Record<Name, SuiteClient>> = {};
    const entries = Object.entries(options.clients ?? {}) as [Name, SuiteClientOptions][];
    for (const [
      position,
      [name, { identity = position, webhooks, deriveKeys, ...clientOptions }],
    ] of entries.entries()) {
      const signer = devnet.identities[identity];
      if (!signer)
        throw new Error(`client ${name}: the devnet has no identity ${identity} (it has ${options.identities})`);
      const client = await devnet.startTestClient(signer, {
        ...clientOptions,
        name,
        ...(webhooks ? { webhooks: await devnet.webhookSink() } : {}),
      });
      const keys = deriveKeys ? await client.api.deriveKey({ mnemonic: newMnemonic() }) : undefined;
      clients[name] = { ...client, keys };
    }
    suite = { devnet, clients: clients as Record<Name, SuiteClient> };
  });

  afterAll(async () => {
    await devnet?.stop();
  });

  return () => {
    if (!suite) throw new Error('the client devnet is not up (did beforeAll fail?)');
    return suite;
  };
}

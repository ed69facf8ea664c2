// The L1 of the chain tests: a real anvil of their own with the devnet's contracts deployed and nobody allowlisted.
import { deployDevnet, type DevnetDeployment } from '../../../docker/deployer/deploy';
import { devnetDeployRoles } from '../../../fixtures/network/dev-accounts';
import { startAnvil, type AnvilProcess } from '../../support/anvil-process';

/** Starts the anvil and deploys; stops the anvil again if the deployment fails, so nothing is left running. */
export async function anvilWithContracts(): Promise<{ anvil: AnvilProcess; deployment: DevnetDeployment }> {
  const anvil = await startAnvil();
  try {
    const deployment = await deployDevnet({
      rpcUrl: anvil.rpcUrl,
      ...devnetDeployRoles('http://proposer:3000'),
      allowlist: [],
    });
    return { anvil, deployment };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

import type { EndpointDef } from './endpoint.ts';
import { accountContract } from './domains/account.contract.ts';
import { adminContract } from './domains/admin.contract.ts';
import { walletAdminContract, walletContract } from './domains/wallet.contract.ts';
import { parcelsAdminContract, parcelsContract } from './domains/parcels.contract.ts';
import { platformAdminContract, platformContract } from './domains/platform.contract.ts';
import { groupsContract } from './domains/groups.contract.ts';
import { groupsAdminContract } from './domains/groups-admin.contract.ts';
import { mallAdminContract, mallContract } from './domains/mall.contract.ts';
import { contentAdminContract, contentContract } from './domains/content.contract.ts';

/** Every endpoint of the API, by domain. Server routes and web requests are both built from this. */
export const contract = {
  account: accountContract,
  admin: adminContract,
  wallet: walletContract,
  walletAdmin: walletAdminContract,
  parcels: parcelsContract,
  parcelsAdmin: parcelsAdminContract,
  platform: platformContract,
  platformAdmin: platformAdminContract,
  groups: groupsContract,
  groupsAdmin: groupsAdminContract,
  mall: mallContract,
  mallAdmin: mallAdminContract,
  content: contentContract,
  contentAdmin: contentAdminContract,
} as const;

export type Contract = typeof contract;
export type DomainName = keyof Contract;

export function allEndpoints(): Array<{ domain: string; name: string; def: EndpointDef }> {
  return Object.entries(contract).flatMap(([domain, eps]) =>
    Object.entries(eps as Record<string, EndpointDef>).map(([name, def]) => ({ domain, name, def })),
  );
}

// The wallet module's public face: other modules charge through the BillingPort, never the wallet's tables.
export { createWalletModule } from './wallet.module.ts';
export * from './billing.port.ts';
export type { WalletGroupsPort } from './groups.port.ts';
/** The wallet's money formatting and RMB→SGD conversion (the rate as bills use it), for other modules' views. */
export { formatMinor, toWalletMinor } from './ledger.ts';

// The wallet module's public face: other modules charge through the BillingPort, never the wallet's tables.
export { createWalletModule } from './wallet.module.ts';
export * from './billing.port.ts';
export { rmbToSgdMinor, toWalletMinor } from './ledger.ts';

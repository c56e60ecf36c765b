export * from './codes.ts';
export * from './messages.ts';
export * from './signing.ts';
export * from './envelope.ts';
export * from './endpoint.ts';
export * from './client-core.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './constants.ts';
export * from './carriers.ts';
export * from './fees.ts';
export {
  money,
  sgd,
  rmb,
  formatMoney,
  minorToDecimal,
  rateTenThousandths,
  rmbToSgdMinor,
  type Money,
  type FormatMoneyOptions,
} from './money.ts';
export { moneySchema, zPriceMinor } from './money-schema.ts';
export * from './catalogue.ts';
export * from './member-session.ts';
export * from './domains/account.contract.ts';
export * from './domains/admin.contract.ts';
export * from './domains/wallet.contract.ts';
export * from './domains/parcels.contract.ts';
export * from './domains/parcels.gst.ts';
export * from './domains/parcels.storage.ts';
export * from './domains/parcels.customs.ts';
export * from './domains/parcels.insurance.ts';
export * from './domains/platform.contract.ts';
export * from './domains/groups.contract.ts';
export * from './domains/mall.contract.ts';
export * from './domains/content.contract.ts';
export * from './domains/content-assistant.contract.ts';
export type { CodeText } from './code-text.ts';
export * from './rich-text.ts';
export * from './content-paths.ts';

// One schema for PGlite and PostgreSQL; each module owns its tables.
export * from '../modules/account/account.schema.ts';
export * from '../modules/system/system.schema.ts';
export * from '../modules/wallet/wallet.schema.ts';
export * from '../modules/parcels/parcels.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../core/jobs.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/content/content.schema.ts';
export * from '../modules/groups/groups.schema.ts';
export * from '../modules/mall/mall-catalogue.schema.ts';
export * from '../modules/mall/mall-orders.schema.ts';

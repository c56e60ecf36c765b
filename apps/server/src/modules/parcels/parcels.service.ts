import type { DeclarationsService } from './declarations.service.ts';
import type { FreightService } from './freight.service.ts';
import type { PackingService } from './packing.service.ts';
import type { ShippingService } from './shipping.service.ts';
import type { ReturnsService } from './returns.service.ts';
import type { WarehouseService } from './warehouse.service.ts';
import type { ExtrasService } from './extras.service.ts';
import type { ProblemsService } from './problems.service.ts';
import type { StorageService } from './storage.service.ts';
import type { CustomsService } from './customs.service.ts';

export { toPieceRow } from './parcels.shared.ts';
export { CLAIM_TRIES_PER_HOUR } from './warehouse.service.ts';
export type { QuoteRequest } from './freight.service.ts';

/** Every part of the parcels module, built and wired in parcels.module.ts. */
export interface ParcelsParts {
  freight: FreightService;
  declarations: DeclarationsService;
  packing: PackingService;
  shipping: ShippingService;
  returns: ReturnsService;
  warehouse: WarehouseService;
  extras: ExtrasService;
  problems: ProblemsService;
  storage: StorageService;
  customs: CustomsService;
}

/**
 * Parcels from declaration to the customer's door, in parts along the flow: declarations, freight,
 * packing, shipping and tracking, returns, the warehouse, and extras (door services, invoices, waybills).
 * The parts are standalone classes sharing one ParcelsCtx and ParcelsKit (see parcels.module.ts).
 */
export class ParcelsService {
  readonly freight: FreightService;
  readonly declarations: DeclarationsService;
  readonly packing: PackingService;
  readonly shipping: ShippingService;
  readonly returns: ReturnsService;
  readonly warehouse: WarehouseService;
  readonly extras: ExtrasService;
  readonly problems: ProblemsService;
  readonly storage: StorageService;
  readonly customs: CustomsService;

  constructor(p: ParcelsParts) {
    this.freight = p.freight;
    this.declarations = p.declarations;
    this.packing = p.packing;
    this.shipping = p.shipping;
    this.returns = p.returns;
    this.warehouse = p.warehouse;
    this.extras = p.extras;
    this.problems = p.problems;
    this.storage = p.storage;
    this.customs = p.customs;
  }

  /** Market defaults for a fresh installation (start-up hook). */
  ensureDefaultRateCards() {
    return this.freight.ensureDefaultRateCards();
  }
}

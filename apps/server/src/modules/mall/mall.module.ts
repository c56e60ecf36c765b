import { handlersOf, type ServerModule } from '../module.ts';
import type { MallDeps } from './mall.deps.ts';
import { createMallCataloguePort } from './mall-catalogue.port.ts';
import { createCataloguePart } from './mall-catalogue.part.ts';
import { createOrdersPart } from './mall-orders.part.ts';
import { cartQuantityOfProduct } from './mall-orders.repository.ts';

/**
 * The mall: a catalogue of five sources (search, categories, details, footprints) and the buying side
 * (cart, settlement, orders paid through the wallet's billing, fulfilment into the parcels flow, rebates).
 * Each part answers its own calls; orders read the catalogue only through `MallCataloguePort`.
 */
export function createMallModule(d: Omit<MallDeps, 'catalogue'>) {
  // The port tells the catalogue part which goods' stock or sales changed (it keeps their list views).
  const port = createMallCataloguePort((ids) => catalogue.services.catalogue.goodsChanged(ids));
  const deps: MallDeps = { ...d, catalogue: port };
  const catalogue = createCataloguePart(deps, (userId, productId) => cartQuantityOfProduct(d.db, userId, productId));
  const orders = createOrdersPart(deps);
  const module: ServerModule = {
    name: 'mall',
    handlers: handlersOf({
      mall: { ...catalogue.handlers.mall, ...orders.handlers.mall },
      mallAdmin: { ...catalogue.handlers.mallAdmin, ...orders.handlers.mallAdmin },
    }),
    http: async (app, version, pipeline) => {
      await catalogue.http?.(app, version, pipeline);
      await orders.http?.(app, version, pipeline);
    },
    jobs: (queue) => {
      catalogue.jobs?.(queue);
      orders.jobs?.(queue);
    },
    start: async () => {
      await catalogue.start?.();
      await orders.start?.();
    },
    stop: async () => {
      await Promise.all([catalogue.stop?.(), orders.stop?.()]);
    },
    seedDemo: async (users) => {
      await catalogue.seedDemo?.(users);
      await orders.seedDemo?.(users);
    },
  };
  return { services: { mallCatalogue: catalogue.services, mallOrders: orders.services }, module };
}

import type { MallDeps } from './mall.deps.ts';
import type { MallPart } from './mall.part.ts';
import { MallCatalogueService } from './mall-catalogue.service.ts';
import { MallCatalogueAdmin } from './mall-catalogue-admin.service.ts';
import { catalogueAdminRoutes, catalogueRoutes } from './mall-catalogue.routes.ts';
import { createMallProviders } from './mall-providers.ts';
import { seedCatalogue } from './mall-catalogue.seed.ts';
import { registerMallImageRoutes } from './mall-images.ts';
import type { MallSettings } from './mall-settings.ts';

export interface MallCatalogueServices {
  catalogue: MallCatalogueService;
  admin: MallCatalogueAdmin;
  /** Today's mall settings (sources on/off, rebate share, pay_within_minutes, hot keywords). */
  mallSettings: () => Promise<MallSettings>;
  /** Loads the seeded catalogue when there are no goods (start-up, demo seed, tests after a reset). */
  ensureCatalogue: () => Promise<boolean>;
}

/**
 * The catalogue side of the mall: home, categories, search (Chinese, English, pinyin, typos), details,
 * pasted links, footprints, search history, recommendations, and the staff's goods, categories, slides
 * and settings. Platform clients (JD, Taobao, PDD, 1688) are used when their keys are set; otherwise the
 * sandbox catalogue (seeded here) is the goods.
 */
export function createCataloguePart(
  d: MallDeps,
  /** How many of a product are in a customer's cart (the detail's in_cart): the cart is the orders part's. */
  inCartOf: (userId: number, productId: number) => Promise<number>,
): MallPart<MallCatalogueServices> {
  const providers = createMallProviders(d.env);
  const catalogue = new MallCatalogueService({ db: d.db, settings: d.settings, providers, inCartOf });
  const admin = new MallCatalogueAdmin({ db: d.db, catalogue, providers, audit: d.audit });
  const ensureCatalogue = async () => {
    const loaded = await seedCatalogue(d.db);
    if (loaded) catalogue.invalidateSearch();
    return loaded;
  };
  return {
    services: {
      catalogue,
      admin,
      mallSettings: () => catalogue.mallSettings(),
      ensureCatalogue,
    },
    handlers: { mall: catalogueRoutes(catalogue, admin), mallAdmin: catalogueAdminRoutes(admin) },
    http: (app) => registerMallImageRoutes(app),
    start: async () => {
      await ensureCatalogue();
      await admin.refreshSearchIndex();
    },
    seedDemo: async () => {
      await ensureCatalogue();
    },
  };
}

// The mall module's public face.
export { createMallModule } from './mall.module.ts';
import { seedCatalogue } from './mall-catalogue.seed.ts';
import { reindexProducts } from './mall-search.repository.ts';

/** Loading goods outside the console: the bench's bulk catalogue, indexed by the module's own tokenizer. */
export const mallFixtures = { seedCatalogue, reindexProducts };

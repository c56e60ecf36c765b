import path from 'node:path';
import { lightCatalogueSource } from './light-catalogue.ts';

/**
 * Vite plugin: serves the zod-free catalogue wherever the contract's catalogue.ts is imported. With
 * `staffDomains: false` the console's domains are left out (the customer app's first screen loads the
 * catalogue, and it never calls a staff endpoint).
 */
export function lightCatalogue(opts: { staffDomains?: boolean } = {}) {
  const target = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'catalogue.ts');
  return {
    name: 'pinyou-light-catalogue',
    enforce: 'pre' as const,
    load(id: string) {
      if (path.resolve(id.split('?')[0]) === target) return lightCatalogueSource(opts);
      return null;
    },
  };
}

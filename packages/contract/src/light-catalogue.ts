import { contract } from './catalogue.ts';

/** The console's domains (`admin`, `walletAdmin`, ...): staff endpoints the customer app never calls. */
export const isStaffDomain = (domain: string) => domain === 'admin' || domain.endsWith('Admin');

/**
 * The catalogue without its zod schemas: what a browser client needs to call an endpoint (path, login
 * mode, upload flag). Web builds substitute this for catalogue.ts so no validation library ships to
 * phones; the server validates every request anyway.
 */
export function lightCatalogueSource(opts: { staffDomains?: boolean } = {}): string {
  const light: Record<string, Record<string, object>> = {};
  for (const [domain, eps] of Object.entries(contract)) {
    if (opts.staffDomains === false && isStaffDomain(domain)) continue;
    light[domain] = {};
    for (const [name, def] of Object.entries(eps)) {
      const d = def as { path: string; auth: string; multipart?: boolean; signed?: boolean };
      light[domain][name] = {
        path: d.path,
        auth: d.auth,
        ...(d.multipart ? { multipart: true } : {}),
        ...(d.signed === false ? { signed: false } : {}),
      };
    }
  }
  return `export const contract = ${JSON.stringify(light)};
export function allEndpoints() {
  return Object.entries(contract).flatMap(([domain, eps]) => Object.entries(eps).map(([name, def]) => ({ domain, name, def })));
}
`;
}

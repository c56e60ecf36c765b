// The parcels module's public face.
export { createParcelsModule } from './parcels.module.ts';
export type { ParcelsService } from './parcels.service.ts';

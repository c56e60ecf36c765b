// The parcels module's public face for other modules.
export { GroupPacksPort, type GroupPack, type GroupParcel, type GroupResolver } from './group-packs.port.ts';

import { contract, type RequestInputOf } from '@pinyou/contract';
import { call } from '../../../api.ts';

/** A short-lived link to the broker's customs manifest of a batch (the request is what the audit log records). */
export const getBatchManifestLink = (input: RequestInputOf<typeof contract.parcelsAdmin.adminBatchManifest>) =>
  call(contract.parcelsAdmin.adminBatchManifest, input);

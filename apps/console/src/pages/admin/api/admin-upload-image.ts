import { contract } from '@pinyou/contract';
import { call, type CallArgs } from '../../../api.ts';

/** Staff uploads (photos, site images) for every domain's pages. */
export const adminUploadImage = (...a: CallArgs<typeof contract.admin.adminUploadImage>) => call(contract.admin.adminUploadImage, ...a);

import { contract, type RequestInputOf } from '@pinyou/contract';
import { call } from '../../../api.ts';

export const packClaimsKey = ['adminPackClaims'] as const;
export const getPackClaims = (input: RequestInputOf<typeof contract.parcelsAdmin.adminPackClaimList>) =>
  call(contract.parcelsAdmin.adminPackClaimList, input);
export const reviewPackClaim = (input: RequestInputOf<typeof contract.parcelsAdmin.adminPackClaimReview>) =>
  call(contract.parcelsAdmin.adminPackClaimReview, input);

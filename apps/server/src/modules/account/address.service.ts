import { limits, type Address } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as repo from './address.repository.ts';
import type { AddressRow } from './address.repository.ts';

export const toAddress = (a: AddressRow): Address => ({
  id: a.id,
  receiver: a.receiver,
  phone: a.phone,
  district: a.district,
  address: a.address,
  postcode: a.postcode,
  is_default: a.isDefault,
});

interface AddressInput {
  id?: number;
  receiver: string;
  phone: string;
  district: string;
  address: string;
  postcode: string;
  is_default?: boolean;
}

/** Delivery addresses. Exactly one live address is the default whenever there is any. */
export class AddressService {
  constructor(private readonly db: Db) {}

  async list(userId: number) {
    return { list: (await repo.findAddressesByOwner(this.db, userId)).map(toAddress) };
  }

  async defaultAddress(userId: number) {
    const a = await repo.findDefaultAddressOfOwner(this.db, userId);
    return { address: a ? toAddress(a) : null };
  }

  async save(userId: number, input: AddressInput) {
    return this.db.transaction(async (tx) => {
      const fields = {
        receiver: input.receiver,
        phone: input.phone,
        district: input.district,
        address: input.address,
        postcode: input.postcode,
      };
      let row: AddressRow;
      if (input.id) {
        const existing = await repo.findOwnedAddress(tx, userId, input.id);
        if (!existing) throw new DomainError('OBJECT_NOT_FOUND');
        if (input.is_default) await repo.clearDefaultOfOwner(tx, userId);
        row = await repo.updateAddress(tx, existing.id, { ...fields, ...(input.is_default ? { isDefault: true } : {}) });
      } else {
        const count = await repo.countAddressesOfOwner(tx, userId);
        if (count >= limits.addressMax) throw new DomainError('ADDRESS_LIMIT', { max: limits.addressMax });
        const makeDefault = input.is_default || count === 0;
        if (makeDefault) await repo.clearDefaultOfOwner(tx, userId);
        row = await repo.insertAddress(tx, { ...fields, userId, isDefault: makeDefault });
      }
      return toAddress(row);
    });
  }

  async setDefault(userId: number, id: number) {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findOwnedAddress(tx, userId, id);
      if (!existing) throw new DomainError('OBJECT_NOT_FOUND');
      await repo.clearDefaultOfOwner(tx, userId);
      return toAddress(await repo.updateAddress(tx, id, { isDefault: true }));
    });
  }

  async remove(userId: number, id: number) {
    await this.db.transaction(async (tx) => {
      const existing = await repo.findOwnedAddress(tx, userId, id);
      if (!existing) throw new DomainError('OBJECT_NOT_FOUND');
      await repo.updateAddress(tx, id, { deletedAt: new Date(), isDefault: false });
      if (existing.isDefault) {
        const next = await repo.findNewestAddressOfOwner(tx, userId);
        if (next) await repo.updateAddress(tx, next.id, { isDefault: true });
      }
    });
    return {};
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Language } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { UploadedFile } from '../../core/http.ts';
import { and, eq } from 'drizzle-orm';
import { uploads } from './account.schema.ts';

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;

type Sniffed = { mime: string; ext: string; width: number; height: number };

/** The type and size of an image from its bytes, whatever its name says; null when it is not one we accept. */
export function sniffImage(b: Buffer): Sniffed | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    return { mime: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 10 && b.toString('ascii', 0, 4) === 'GIF8') {
    return { mime: 'image/gif', ext: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (b.length >= 30 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = b.toString('ascii', 12, 16);
    if (chunk === 'VP8X') return { mime: 'image/webp', ext: 'webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
    if (chunk === 'VP8 ')
      return { mime: 'image/webp', ext: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { mime: 'image/webp', ext: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the JPEG segments to the frame header, which holds the size.
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { mime: 'image/jpeg', ext: 'jpg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
  }
  return null;
}

const msgs = {
  none: { en: 'Please choose an image to upload', zh_CN: '请选择要上传的图片' },
  notImage: { en: 'The file is not a PNG, JPEG, WebP or GIF image', zh_CN: '文件不是PNG、JPEG、WebP或GIF图片' },
  tooLarge: { en: 'The image is larger than 8 MB', zh_CN: '图片不能超过8MB' },
  tooManyPixels: { en: 'The image has too many pixels (at most 40 megapixels)', zh_CN: '图片像素过多（最多4000万像素）' },
};

/** Stores images under server-made names; the original name is never used on disk. */
/** What an avatar may be: empty, or an image uploaded to us as an avatar (see saveImage). */
export const AVATAR_REF = /^\/uploads\/public\/\d{6}\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly dir: string,
  ) {}

  check(file: UploadedFile | undefined, lang: Language): Sniffed & { file: UploadedFile } {
    if (!file || !file.buffer.length) throw new DomainError('BAD_FILE', { detail: msgs.none[lang] });
    if (file.buffer.length > MAX_IMAGE_BYTES) throw new DomainError('BAD_FILE', { detail: msgs.tooLarge[lang] });
    const info = sniffImage(file.buffer);
    if (!info || !info.width || !info.height) throw new DomainError('BAD_FILE', { detail: msgs.notImage[lang] });
    if (info.width * info.height > MAX_IMAGE_PIXELS) throw new DomainError('BAD_FILE', { detail: msgs.tooManyPixels[lang] });
    return { ...info, file };
  }

  /** `inTx` runs in the transaction that adds the upload's row (staff uploads are written to the audit log there). */
  async saveImage(
    owner: { userId?: number; staffId?: number },
    purpose: string,
    file: UploadedFile | undefined,
    lang: Language,
    inTx?: (tx: Tx, row: typeof uploads.$inferSelect) => Promise<void>,
  ) {
    const img = this.check(file, lang);
    const now = new Date();
    // Avatars (shown to others by name) and staff's site images (the official-account QR code) are public;
    // every other upload is private and served by signed link.
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const sub = purpose === 'avatar' || (purpose === 'site' && owner.staffId) ? `public/${month}` : month;
    const name = `${sub}/${randomBytes(16).toString('hex')}.${img.ext}`;
    await fs.mkdir(path.join(this.dir, sub), { recursive: true });
    await fs.writeFile(path.join(this.dir, name), img.file.buffer, { flag: 'wx' });
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          userId: owner.userId ?? null,
          staffId: owner.staffId ?? null,
          purpose,
          fileName: name,
          mime: img.mime,
          size: img.file.buffer.length,
          width: img.width,
          height: img.height,
        })
        .returning();
      await inTx?.(tx, row);
    });
    return { url: `/uploads/${name}`, width: img.width, height: img.height, size: img.file.buffer.length };
  }

  /** Whether `url` is an avatar this user uploaded. */
  async isOwnAvatar(userId: number, url: string) {
    if (!AVATAR_REF.test(url)) return false;
    const [row] = await this.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.fileName, url.slice('/uploads/'.length)), eq(uploads.purpose, 'avatar')))
      .limit(1);
    return !!row;
  }
}

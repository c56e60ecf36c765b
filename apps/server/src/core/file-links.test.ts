import { describe, expect, it } from 'vitest';
import { FileLinks } from './file-links.ts';

const links = new FileLinks('test-secret-of-enough-length-0123456789');
const SIGNED = /^\/files\/parcels\/a1\.jpg\?exp=\d+&sig=[0-9a-f]{64}$/;

describe('FileLinks.signAll / unsignAll', () => {
  it('signs every private reference, however deep, and leaves the rest (public uploads, look-alikes) as they were', () => {
    const answer = {
      list: [
        { id: 1, photos: ['/uploads/parcels/a1.jpg', '/uploads/public/banner.png'], at: new Date(0) },
        { id: 2, photos: [], note: 'see /uploads/parcels/a1.jpg', avatar: '/uploads/../etc/passwd' },
      ],
      voucher: '/uploads/parcels/a1.jpg',
      total: 2,
      empty: null,
    };
    const copy = structuredClone(answer);
    const out = links.signAll(answer) as typeof answer;
    expect(out.voucher).toMatch(SIGNED);
    expect(out.list[0].photos[0]).toMatch(SIGNED);
    expect(out.list[0].photos[1]).toBe('/uploads/public/banner.png');
    expect(out.list[0].at).toBe(answer.list[0].at);
    expect(out.list[1]).toEqual(answer.list[1]);
    expect(out.total).toBe(2);
    expect(out.empty).toBeNull();
    // The answer it was given is untouched; parts without a reference are shared, not rebuilt.
    expect(answer).toEqual(copy);
    expect(out.list[1]).toBe(answer.list[1]);
  });

  it('gives back the very same object when there is nothing to sign', () => {
    const answer = { user: { id: 1, nickname: 'A', roles: ['user'] }, list: [{ a: 1 }, 'x'] };
    expect(links.signAll(answer)).toBe(answer);
    expect(links.signAll('plain')).toBe('plain');
  });

  it('turns valid signed links sent back into references; tampered, expired or foreign ones stay as sent', () => {
    const signed = links.link('parcels/a1.jpg');
    const tampered = signed.replace(/sig=./, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0'));
    const old = links.link('parcels/a1.jpg', Date.now() - 3 * 86_400_000);
    const body = { photos: [signed, tampered, old, '/files/x'], nested: { v: signed }, n: 1 };
    const out = links.unsignAll(body) as typeof body;
    expect(out.photos).toEqual(['/uploads/parcels/a1.jpg', tampered, old, '/files/x']);
    expect(out.nested.v).toBe('/uploads/parcels/a1.jpg');
    expect(body.photos[0]).toBe(signed);
    const plain = { a: ['b'], c: { d: 1 } };
    expect(links.unsignAll(plain)).toBe(plain);
  });
});

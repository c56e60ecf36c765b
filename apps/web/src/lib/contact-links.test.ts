import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref, whatsappHref } from './contact-links.ts';

describe('contact links', () => {
  it('calls Singapore numbers with +65 and China mobiles with +86', () => {
    expect(telHref('81234567')).toBe('tel:+6581234567');
    expect(telHref('+65 6123 4567')).toBe('tel:+6561234567');
    expect(telHref('6123 4567')).toBe('tel:+6561234567');
    expect(telHref('13800138000')).toBe('tel:+8613800138000');
    expect(telHref('+86 138 0013 8000')).toBe('tel:+8613800138000');
    expect(telHref('0065 8123 4567')).toBe('tel:+6581234567');
  });
  it('opens WhatsApp with the number and its country code', () => {
    expect(whatsappHref('+65 8123 4567')).toBe('https://wa.me/6581234567');
    expect(whatsappHref('91234567')).toBe('https://wa.me/6591234567');
    expect(whatsappHref('6591234567')).toBe('https://wa.me/6591234567');
  });
  it('makes no link of what is not a number', () => {
    expect(telHref('')).toBeNull();
    expect(telHref('pinyou_sg')).toBeNull();
    expect(telHref('12345')).toBeNull();
    expect(whatsappHref('-')).toBeNull();
  });
  it('mails valid addresses only', () => {
    expect(mailtoHref('help@pinyou.sg')).toBe('mailto:help@pinyou.sg');
    expect(mailtoHref('not an address')).toBeNull();
  });
});

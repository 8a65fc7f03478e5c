import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_CONTACT, instagramHandleOf, phoneUrlOf, STUDIO_CONTACT, whatsappUrlOf } from './studio-contact';

describe('studio contact helpers', () => {
  it('should dial a 10-digit Mexican number with +52 and keep a number typed with its country code', () => {
    expect(phoneUrlOf('722 123 4567')).toBe(STUDIO_CONTACT.phone.e164.replace(/^/, 'tel:'));
    expect(phoneUrlOf('+1 (555) 010-9999')).toBe('tel:+15550109999');
  });

  it('should name the Instagram account by its page address', () => {
    expect(instagramHandleOf(DEFAULT_STUDIO_CONTACT.instagram)).toBe('@estudiopilatesreformer');
    expect(instagramHandleOf('https://instagram.com/otro.estudio?igsh=1')).toBe('@otro.estudio');
  });

  it('should open a WhatsApp chat with the number and the greeting typed in', () => {
    expect(whatsappUrlOf('527229998877', 'Hola')).toBe('https://wa.me/527229998877?text=Hola');
  });
});

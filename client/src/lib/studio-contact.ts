/*
 * How to reach the studio, as the owner set it on "Ajustes" (GET /api/studio, read by the /pilates
 * layout's loader so server-rendered pages carry it). Until the answer arrives, or when it failed,
 * the first-start defaults stand in (libs/dates/src/studio-contact.ts).
 */
import {
  addressLineOf,
  DEFAULT_STUDIO_CONTACT,
  instagramHandleOf,
  phoneUrlOf,
  whatsappUrlOf,
  type StudioContactInfo,
} from '@pilates/dates/studio-contact';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { studioQueryOptions } from './studio-clock';

export interface StudioContactView {
  addressLines: readonly string[];
  /** The address on one line. */
  addressLine: string;
  /** The address's last line ("Metepec, Estado de México"): the footer's place name. */
  locationName: string;
  phone: string;
  phoneUrl: string;
  whatsappUrl: string;
  instagramUrl: string;
  /** "@estudiopilatesreformer". */
  instagramHandle: string;
  mapUrl: string;
  openingHours: readonly string[];
}

export function contactView(contact: StudioContactInfo): StudioContactView {
  return {
    addressLines: contact.address,
    addressLine: addressLineOf(contact.address),
    locationName: contact.address[contact.address.length - 1] ?? '',
    phone: contact.phone,
    phoneUrl: phoneUrlOf(contact.phone),
    whatsappUrl: whatsappUrlOf(contact.whatsapp),
    instagramUrl: contact.instagram,
    instagramHandle: instagramHandleOf(contact.instagram),
    mapUrl: contact.mapUrl,
    openingHours: contact.openingHours,
  };
}

/** The studio's contact; components re-render when the server's answer arrives or changes. */
export function useStudioContact(): StudioContactView {
  const contact = useQuery(studioQueryOptions).data?.contact ?? DEFAULT_STUDIO_CONTACT;
  return useMemo(() => contactView(contact), [contact]);
}

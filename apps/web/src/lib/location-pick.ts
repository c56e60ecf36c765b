/**
 * The choose-location system page hands its answer back to the page that opened it (spec §2): the opener
 * saves its form as a draft and names itself (`for`), choose-location stores the chosen point under that
 * name and goes back, and the opener reads both when it shows again. Session storage: this tab only.
 */
export interface PickedLocation {
  lat: number;
  lng: number;
  /** Six digits when the point was found by postcode or the user typed one; else empty. */
  postcode: string;
  address: string;
}

const pickKey = (opener: string) => `location-pick:${opener}`;
const draftKey = (opener: string) => `location-draft:${opener}`;

function read<T>(key: string, store: Storage): T | null {
  try {
    return JSON.parse(store.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Before opening choose-location: keep what the opener's form holds. */
export function saveLocationDraft(opener: string, values: object, store: Storage = sessionStorage) {
  store.setItem(draftKey(opener), JSON.stringify(values));
}

/** choose-location: the chosen point for the opener. */
export function returnLocation(opener: string, loc: PickedLocation, store: Storage = sessionStorage) {
  store.setItem(pickKey(opener), JSON.stringify(loc));
}

/**
 * The opener's draft with the chosen point applied (address and postcode filled when the point has them),
 * or null when there is neither. Reading does not clear: call clearLocationPick once shown.
 */
export function peekLocationPick<T extends object>(
  opener: string,
  store: Storage = sessionStorage,
): { values: Partial<T> & { lat?: number; lng?: number }; picked: PickedLocation | null } | null {
  const draft = read<Partial<T>>(draftKey(opener), store);
  const picked = read<PickedLocation>(pickKey(opener), store);
  if (!draft && !picked) return null;
  const values: Record<string, unknown> = { ...(draft ?? {}) };
  if (picked) {
    if (picked.address) values.address = picked.address;
    if (picked.postcode) values.postcode = picked.postcode;
    values.lat = picked.lat;
    values.lng = picked.lng;
  }
  return { values: values as Partial<T> & { lat?: number; lng?: number }, picked };
}

export function clearLocationPick(opener: string, store: Storage = sessionStorage) {
  store.removeItem(draftKey(opener));
  store.removeItem(pickKey(opener));
}

/** Links that open a point in the phone's map app: geo: (Android and most apps) and Google Maps on the web. */
export function mapAppLinks(p: { lat: number; lng: number; name?: string }) {
  const at = `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
  const label = p.name ? `(${encodeURIComponent(p.name)})` : '';
  return {
    geo: `geo:${at}?q=${at}${label}`,
    google: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(at)}`,
  };
}

/**
 * Postcode → coordinates. The offline provider (the default, no network) places a postcode at its
 * Singapore postal sector's centroid (the first two digits); the OneMap provider asks OneMap's public
 * search API for the exact building and falls back to the sector when OneMap has no answer.
 */
export interface GeoPoint {
  lat: number;
  lng: number;
  /** The area's name (postal district), for lists. */
  area: string;
}

export interface GeocodingProvider {
  readonly name: string;
  /** null when the postcode is not a Singapore one. */
  geocode(postcode: string): Promise<GeoPoint | null>;
}

/** Postal districts 1-28: the sectors they hold, an approximate centroid and a name. */
const districts: Array<[sectors: string[], lat: number, lng: number, area: string]> = [
  [['01', '02', '03', '04', '05', '06'], 1.2839, 103.8515, 'Raffles Place, Marina'],
  [['07', '08'], 1.2764, 103.8458, 'Tanjong Pagar, Chinatown'],
  [['14', '15', '16'], 1.2894, 103.8096, 'Queenstown, Tiong Bahru'],
  [['09', '10'], 1.2706, 103.8198, 'Telok Blangah, HarbourFront'],
  [['11', '12', '13'], 1.296, 103.786, 'Pasir Panjang, West Coast'],
  [['17'], 1.2933, 103.852, 'Beach Road, City Hall'],
  [['18', '19'], 1.2996, 103.8587, 'Bugis, Golden Mile'],
  [['20', '21'], 1.3066, 103.8518, 'Little India, Farrer Park'],
  [['22', '23'], 1.304, 103.8318, 'Orchard, River Valley'],
  [['24', '25', '26', '27'], 1.318, 103.807, 'Bukit Timah, Holland'],
  [['28', '29', '30'], 1.323, 103.839, 'Novena, Thomson'],
  [['31', '32', '33'], 1.329, 103.85, 'Balestier, Toa Payoh'],
  [['34', '35', '36', '37'], 1.334, 103.877, 'MacPherson, Braddell'],
  [['38', '39', '40', '41'], 1.318, 103.894, 'Geylang, Eunos'],
  [['42', '43', '44', '45'], 1.305, 103.905, 'Katong, Marine Parade'],
  [['46', '47', '48'], 1.324, 103.93, 'Bedok, Upper East Coast'],
  [['49', '50', '81'], 1.362, 103.979, 'Changi, Loyang'],
  [['51', '52'], 1.352, 103.944, 'Tampines, Pasir Ris'],
  [['53', '54', '55', '82'], 1.365, 103.89, 'Hougang, Serangoon, Punggol'],
  [['56', '57'], 1.36, 103.846, 'Ang Mo Kio, Bishan'],
  [['58', '59'], 1.344, 103.776, 'Upper Bukit Timah, Clementi Park'],
  [['60', '61', '62', '63', '64'], 1.34, 103.707, 'Jurong, Boon Lay'],
  [['65', '66', '67', '68'], 1.377, 103.764, 'Bukit Panjang, Choa Chu Kang'],
  [['69', '70', '71'], 1.41, 103.71, 'Lim Chu Kang, Tengah'],
  [['72', '73'], 1.437, 103.786, 'Woodlands, Kranji'],
  [['77', '78'], 1.396, 103.818, 'Upper Thomson, Springleaf'],
  [['75', '76'], 1.43, 103.835, 'Yishun, Sembawang'],
  [['79', '80'], 1.395, 103.875, 'Seletar'],
];

/** Sector ('01'-'82') → centroid; sector 74 does not exist. */
export const sectorCentroids: ReadonlyMap<string, GeoPoint> = new Map(
  districts.flatMap(([sectors, lat, lng, area]) => sectors.map((s) => [s, { lat, lng, area }] as const)),
);

export function sectorOf(postcode: string): GeoPoint | null {
  if (!/^\d{6}$/.test(postcode)) return null;
  return sectorCentroids.get(postcode.slice(0, 2)) ?? null;
}

export class OfflineGeocodingProvider implements GeocodingProvider {
  readonly name = 'offline';
  async geocode(postcode: string) {
    return sectorOf(postcode);
  }
}

/** One result of OneMap's `GET /api/common/elastic/search` (returnGeom=Y, getAddrDetails=Y). */
interface OneMapResult {
  SEARCHVAL: string;
  BLK_NO: string;
  ROAD_NAME: string;
  BUILDING: string;
  ADDRESS: string;
  POSTAL: string;
  X: string;
  Y: string;
  LATITUDE: string;
  LONGITUDE: string;
}
interface OneMapAnswer {
  found: number;
  totalNumPages: number;
  pageNum: number;
  results: OneMapResult[];
}

/** OneMap's public search (no token needed for search). Any failure or no match falls back to the sector. */
export class OneMapGeocodingProvider implements GeocodingProvider {
  readonly name = 'onemap';
  constructor(
    private readonly baseUrl = 'https://www.onemap.gov.sg',
    private readonly fetchFn: typeof fetch = fetch,
    private readonly timeoutMs = 4000,
  ) {}

  async geocode(postcode: string): Promise<GeoPoint | null> {
    const sector = sectorOf(postcode);
    if (!sector) return null;
    const url = `${this.baseUrl}/api/common/elastic/search?searchVal=${encodeURIComponent(postcode)}&returnGeom=Y&getAddrDetails=Y&pageNum=1`;
    try {
      const res = await this.fetchFn(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) return sector;
      const body = (await res.json()) as OneMapAnswer;
      const hit = body.results?.find((r) => r.POSTAL === postcode) ?? body.results?.[0];
      const lat = Number(hit?.LATITUDE);
      const lng = Number(hit?.LONGITUDE);
      if (!hit || !Number.isFinite(lat) || !Number.isFinite(lng)) return sector;
      return { lat, lng, area: sector.area };
    } catch {
      return sector;
    }
  }
}

export function createGeocodingProvider(name: string | undefined): GeocodingProvider {
  return name === 'onemap' ? new OneMapGeocodingProvider() : new OfflineGeocodingProvider();
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r;
  const dLng = (b.lng - a.lng) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The box around a point that holds every place within `km` (for the (lat, lng) index). */
export function boundingBox(p: { lat: number; lng: number }, km: number) {
  const dLat = km / 111.32;
  const dLng = km / (111.32 * Math.cos((p.lat * Math.PI) / 180));
  return { minLat: p.lat - dLat, maxLat: p.lat + dLat, minLng: p.lng - dLng, maxLng: p.lng + dLng };
}

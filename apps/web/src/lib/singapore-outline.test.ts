import { describe, expect, it } from 'vitest';
import { onLand, singaporeBounds, singaporeRings } from './singapore-outline.ts';

// The drawn outline must hold the places leaders are put at (postal-sector centres) and leave the sea out.
describe('Singapore outline', () => {
  it('holds the postal districts the offline geocoder places postcodes at', () => {
    const land: Array<[string, number, number]> = [
      ['Raffles Place', 1.2839, 103.8515],
      ['Telok Blangah', 1.2706, 103.8198],
      ['Katong', 1.305, 103.905],
      ['Changi', 1.362, 103.979],
      ['Tampines', 1.352, 103.944],
      ['Punggol', 1.365, 103.89],
      ['Ang Mo Kio', 1.36, 103.846],
      ['Jurong', 1.34, 103.707],
      ['Lim Chu Kang', 1.41, 103.71],
      ['Woodlands', 1.437, 103.786],
      ['Yishun', 1.43, 103.835],
      ['Seletar', 1.395, 103.875],
    ];
    for (const [name, lat, lng] of land) expect(onLand(lat, lng), name).toBe(true);
  });

  it('leaves out the straits and the sea, and every ring lies in the bounds', () => {
    expect(onLand(1.22, 103.85)).toBe(false); // Singapore Strait
    expect(onLand(1.45, 103.95)).toBe(false); // Johor Strait, north of Pulau Ubin
    expect(onLand(1.3, 104.0)).toBe(false); // off Changi
    expect(onLand(1.5, 103.8)).toBe(false); // Johor
    const [[s, w], [n, e]] = singaporeBounds;
    for (const ring of singaporeRings) for (const [lat, lng] of ring) expect(lat >= s && lat <= n && lng >= w && lng <= e).toBe(true);
  });
});

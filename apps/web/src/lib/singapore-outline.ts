/**
 * A hand-drawn outline of Singapore for the offline map (no tiles, no CDN): the main island's coast and
 * Sentosa, Pulau Ubin and Jurong Island, as [lat, lng] rings, coarse (about 1 km) but enough to place
 * leaders recognisably. Coordinates are WGS84 like the geocoder's.
 */
export type Ring = Array<[number, number]>;

export const mainIsland: Ring = [
  [1.3006, 103.6186],
  [1.3262, 103.6262],
  [1.3467, 103.6424],
  [1.3672, 103.6503],
  [1.3896, 103.6755],
  [1.4195, 103.6845],
  [1.4384, 103.7005],
  [1.4483, 103.7253],
  [1.4489, 103.7532],
  [1.4593, 103.7713],
  [1.4479, 103.7902],
  [1.4532, 103.8082],
  [1.4706, 103.8203],
  [1.4618, 103.8456],
  [1.4433, 103.8621],
  [1.4179, 103.8707],
  [1.4108, 103.8984],
  [1.4176, 103.9195],
  [1.3996, 103.9422],
  [1.3902, 103.9652],
  [1.3905, 103.9902],
  [1.3917, 104.0134],
  [1.3805, 104.0318],
  [1.3583, 104.0405],
  [1.3337, 104.0137],
  [1.3176, 103.9858],
  [1.3061, 103.9557],
  [1.2993, 103.9236],
  [1.2957, 103.8963],
  [1.2852, 103.8705],
  [1.2707, 103.8573],
  [1.2639, 103.8417],
  [1.2635, 103.8222],
  [1.2724, 103.8026],
  [1.2761, 103.7846],
  [1.2881, 103.7636],
  [1.2986, 103.7384],
  [1.3073, 103.7196],
  [1.3043, 103.6981],
  [1.2943, 103.6783],
  [1.2897, 103.6553],
  [1.2787, 103.6371],
  [1.2862, 103.6221],
];

export const sentosa: Ring = [
  [1.2585, 103.8102],
  [1.2568, 103.8342],
  [1.2466, 103.8368],
  [1.2443, 103.8185],
  [1.2497, 103.8071],
];

export const pulauUbin: Ring = [
  [1.4232, 103.9312],
  [1.4212, 103.9762],
  [1.4061, 103.9815],
  [1.4002, 103.9548],
  [1.4069, 103.9301],
];

export const jurongIsland: Ring = [
  [1.2878, 103.6653],
  [1.2818, 103.7116],
  [1.2662, 103.7226],
  [1.2411, 103.6992],
  [1.2428, 103.6691],
  [1.2642, 103.6581],
];

export const singaporeRings: Ring[] = [mainIsland, sentosa, pulauUbin, jurongIsland];

/** South-west and north-east corners that hold the whole country. */
export const singaporeBounds: [[number, number], [number, number]] = [
  [1.2, 103.6],
  [1.48, 104.05],
];

/** Ray casting: is the point on land (inside one of the rings)? */
export function onLand(lat: number, lng: number): boolean {
  return singaporeRings.some((ring) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [yi, xi] = ring[i];
      const [yj, xj] = ring[j];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  });
}

import { DomainError } from '../../core/errors.ts';
import { boundingBox, distanceKm } from './geocoding.provider.ts';
import * as repo from './groups.repository.ts';
import type { GroupRow } from './groups.repository.ts';
import { SEARCH_RADII_KM, type GroupsCtx, type Page, type Point } from './groups.shared.ts';
import type { GroupViews } from './group-views.ts';

/** Finding a leader: groups nearest a place first, or all of them, for the map and the list. */
export class GroupMap {
  constructor(
    private readonly d: GroupsCtx,
    private readonly views: GroupViews,
  ) {}

  private async origin(i: { lat?: number; lng?: number; postcode?: string }): Promise<Point | null> {
    if (i.lat !== undefined && i.lng !== undefined) return { lat: i.lat, lng: i.lng };
    if (i.postcode) {
      const p = await this.d.geocoder.geocode(i.postcode);
      if (!p) throw new DomainError('POSTCODE_UNKNOWN');
      return { lat: p.lat, lng: p.lng };
    }
    return null;
  }

  /**
   * Nearest first: boxes of growing radius on the (lat, lng) index until the page is filled; only the
   * groups inside the box are read and measured.
   */
  async nearest(viewerId: number | null, i: Page & { lat?: number; lng?: number; postcode?: string; keyword?: string }) {
    const origin = await this.origin(i);
    const includeHidden = await this.views.viewerIsLeader(viewerId);
    if (!origin) {
      const { rows, total } = await repo.findGroupsPage(this.d.db, { includeHidden, keyword: i.keyword }, i);
      return { list: await this.views.summaries(this.d.db, rows, null), total, page: i.page, page_size: i.page_size, origin: null };
    }
    const want = i.page * i.page_size;
    const within = async (km: number) =>
      (await repo.findGroupsInBox(this.d.db, boundingBox(origin, km), { includeHidden, keyword: i.keyword }))
        .map((g) => ({ g, km: distanceKm(origin, g) }))
        .filter((r) => r.km <= km);
    let found: Array<{ g: GroupRow; km: number }> = [];
    let radius = 0;
    for (const km of SEARCH_RADII_KM) {
      radius = km;
      found = await within(km);
      if (found.length >= want) break;
    }
    found.sort((a, b) => a.km - b.km || a.g.id - b.g.id);
    const slice = found.slice((i.page - 1) * i.page_size, want).map((r) => r.g);
    // The total is every matching leader (the widest search), whatever radius filled this page.
    const widest = SEARCH_RADII_KM[SEARCH_RADII_KM.length - 1];
    const total = radius === widest ? found.length : (await within(widest)).length;
    return { list: await this.views.summaries(this.d.db, slice, origin), total, page: i.page, page_size: i.page_size, origin };
  }

  async all(viewerId: number | null, i: { lat?: number; lng?: number; postcode?: string }) {
    const origin = await this.origin(i);
    const includeHidden = await this.views.viewerIsLeader(viewerId);
    const { rows } = await repo.findGroupsPage(this.d.db, { includeHidden }, { page: 1, page_size: 1000 });
    const list = await this.views.summaries(this.d.db, rows, origin);
    if (origin) list.sort((a, b) => a.distance_km! - b.distance_km!);
    return { list, origin };
  }
}

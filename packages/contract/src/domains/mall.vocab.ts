// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------
// Vocabulary (spec §1, §3, §4, §9)
// ---------------------------------------------------------------------------------------------

/** Where goods come from: the four platforms and our own shop ('self', the app's "ltzy" detail page). */
export const mallSources = ['jd', 'taobao', '1688', 'pdd', 'self'] as const;
export type MallSource = (typeof mallSources)[number];

/**
 * Mall order statuses (§4) plus the unpaid state before them:
 * waiting_pay → waiting_ship (paid; staff buy it on the platform) → shipped (platform courier on its way to
 * our China warehouse) → packed (arrived as a parcel and packed for Singapore) → done (delivered);
 * cancelled; cancel_pending (waiting for the merchant / staff to confirm a cancellation after purchase).
 */
export const mallOrderStatuses = ['waiting_pay', 'waiting_ship', 'shipped', 'packed', 'done', 'cancelled', 'cancel_pending'] as const;
export type MallOrderStatus = (typeof mallOrderStatuses)[number];

/** How the goods travel to Singapore: with a group leader (sea), sea to the door, air to the door. */
export const mallShippingModes = ['GROUP', 'SEA', 'AIR'] as const;
export type MallShippingMode = (typeof mallShippingModes)[number];

export const mallSorts = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const;
export type MallSort = (typeof mallSorts)[number];

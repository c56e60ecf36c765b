/** The platform calls (spec §7). Customer calls in `platformContract`, staff calls in `platformAdminContract`. */
export const platformContract = {} as const;

export const platformAdminContract = {} as const;

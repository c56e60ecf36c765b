/** The mall calls (spec §7). Customer calls in `mallContract`, staff calls in `mallAdminContract`. */
export const mallContract = {} as const;

export const mallAdminContract = {} as const;

/** The content calls (spec §7). Customer calls in `contentContract`, staff calls in `contentAdminContract`. */
export const contentContract = {} as const;

export const contentAdminContract = {} as const;

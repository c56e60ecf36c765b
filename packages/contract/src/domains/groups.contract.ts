/** The groups calls (spec §7). Customer calls in `groupsContract`, staff calls in `groupsAdminContract`. */
export const groupsContract = {} as const;

export const groupsAdminContract = {} as const;

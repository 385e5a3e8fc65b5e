/** The dashboard's green badges ("Customer looking now", "Accepted"): white on it is 6.4:1 at badge size. */
export const POSITIVE_BADGE_COLOR = "#1e6b30";

/** Default `maxResults` of glob. */
export const GLOB_DEFAULT_MAX_RESULTS = 1000;

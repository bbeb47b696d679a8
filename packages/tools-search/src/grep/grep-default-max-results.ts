/** Default `maxResults` of grep. */
export const GREP_DEFAULT_MAX_RESULTS = 100;

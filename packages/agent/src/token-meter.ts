/** The tokens a session and its delegates' children have spent, counted across their turns. */
export interface TokenMeter {
  spent: number;
}

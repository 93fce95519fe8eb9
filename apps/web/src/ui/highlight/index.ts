export { Highlighted } from './highlighted';
export { excerptAround, findMatches, splitByMatches, type MatchRange } from './search-highlight';
